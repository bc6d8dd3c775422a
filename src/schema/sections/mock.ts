import { z } from 'zod';
import { Text } from '../text.ts';

/**
 * Product visuals built in HTML and CSS (no image, no script): what the product looks like, in the page's
 * language. `alt` is the text alternative read instead of the drawing; everything else is decorative.
 */
const Message = z.strictObject({
  /** Who speaks: the visitor / pupil (`user`) or the product (`assistant`). */
  from: z.enum(['user', 'assistant']).describe('Who speaks: user (the visitor or pupil) or assistant (the product).'),
  text: Text.describe('What is said in the bubble.'),
  /** A small line under an assistant message, e.g. which model answered. */
  meta: Text.optional().describe('A small line under an assistant message, e.g. "GPT-5 · 2 s".'),
});

const KIND =
  'Which drawing: platform (chat with model picker and agents), chatWidget (a chat on a customer website), learning (a tutoring session) or dashboard (the chatbot dashboard: conversations, leads, a booking, a chart).';

/** The platform: chat window with model picker (Smart Select plus the models), agent sidebar, an exchange. */
export const PlatformMock = z
  .strictObject({
    kind: z.literal('platform').describe(KIND),
    alt: Text.describe(
      'What the drawing shows, read by screen readers instead of it (the drawing itself is hidden from them), e.g. "The platform: a chat with model picker and agents".',
    ),
    address: Text.describe('Text in the address bar of the drawn browser, e.g. "app.example.de".'),
    agentsTitle: Text.describe('Heading of the agent sidebar, e.g. "Agenten".'),
    agents: z.array(Text).min(2).max(5).describe('Two to five agent names in the sidebar, e.g. ["Vertrieb", "Support"].'),
    pickerLabel: Text.describe('Label of the model picker, e.g. "Modell".'),
    smartSelect: Text.describe('The automatic choice shown selected in the picker, e.g. "Smart Select".'),
    smartSelectNote: Text.describe('A small line under it explaining the automatic choice.'),
    models: z.array(Text).min(2).max(6).describe('Two to six model names listed in the picker.'),
    /** Index into `models` of the model that answered the sample question. */
    chosen: z
      .number()
      .int()
      .min(0)
      .default(0)
      .describe(
        'Which model of models answered the sample question, counted from 0 (default 0): a spotlight feature tile with drawing: model-choice shows it as Smart Select’s choice.',
      ),
    messages: z.array(Message).min(2).max(3).describe('Two or three chat messages, alternating user and assistant.'),
    inputPlaceholder: Text.describe('Placeholder in the drawn message input, e.g. "Nachricht eingeben…".'),
  })
  .superRefine((mock, ctx) => {
    if (mock.chosen >= mock.models.length)
      ctx.addIssue({
        code: 'custom',
        path: ['chosen'],
        message: `expected 0 to ${mock.models.length - 1}: the place in models of the model that answered, counted from 0`,
      });
  });

/** A chat widget on a customer's website: a short conversation that ends in a booking step. */
export const ChatWidgetMock = z.strictObject({
  kind: z.literal('chatWidget').describe(KIND),
  alt: Text.describe(
    'What the drawing shows, read by screen readers instead of it (the drawing itself is hidden from them), e.g. "The platform: a chat with model picker and agents".',
  ),
  address: Text.describe('Text in the address bar of the drawn browser, e.g. "app.example.de".'),
  botName: Text.describe('Name in the chat header, e.g. "Praxis-Assistent".'),
  status: Text.describe('Status line under the name, e.g. "online".'),
  messages: z.array(Message).min(2).max(4).describe('Two to four chat messages before the booking step.'),
  booking: z
    .strictObject({
      title: Text.describe('Heading of the booking card, e.g. "Termin wählen".'),
      slots: z.array(Text).min(2).max(4).describe('Two to four appointment times, e.g. ["Mo 9:00", "Di 14:30"].'),
      /** Index of the slot drawn as chosen. */
      chosen: z.number().int().min(0).default(0).describe('Which slot is drawn as chosen, counted from 0. Default 0.'),
      confirm: Text.describe('The confirm button text, e.g. "Termin buchen".'),
    })
    .describe('The booking step the conversation ends in.'),
  inputPlaceholder: Text.describe('Placeholder in the drawn message input, e.g. "Nachricht eingeben…".'),
});

/** A learning-mode session: mode and class level, a task, tutor and pupil turns, a hint and progress. */
export const LearningMock = z.strictObject({
  kind: z.literal('learning').describe(KIND),
  alt: Text.describe(
    'What the drawing shows, read by screen readers instead of it (the drawing itself is hidden from them), e.g. "The platform: a chat with model picker and agents".',
  ),
  address: Text.describe('Text in the address bar of the drawn browser, e.g. "app.example.de".'),
  modeLabel: Text.describe('Label before the learning mode, e.g. "Lernmodus".'),
  mode: Text.describe('The learning mode shown, e.g. "Sokratisch".'),
  level: Text.describe('The class level, e.g. "Klasse 8".'),
  task: Text.describe('The task the pupil works on.'),
  messages: z.array(Message).min(2).max(4).describe('Two to four turns of tutor (assistant) and pupil (user).'),
  hint: Text.describe('A hint card the tutor shows.'),
  progressLabel: Text.describe('Label of the progress bar, e.g. "Fortschritt".'),
  /** Share of the session done, in percent (the bar's width). */
  progress: z.number().int().min(0).max(100).describe('How far the session is, in percent: the width of the progress bar, e.g. 60.'),
  inputPlaceholder: Text.describe('Placeholder in the drawn message input, e.g. "Nachricht eingeben…".'),
});

/** A row of a drawn list: who, what, and a small status tag. */
const DashboardRow = z.strictObject({
  name: Text.describe('Who: a visitor or contact name, e.g. "Laura M.".'),
  text: Text.describe('What: the topic or the last message, e.g. "Frage zur Inspektion".'),
  meta: Text.optional().describe('A small line at the right, e.g. a time "09:41".'),
  status: Text.optional().describe('A small tag, e.g. "Neu" or "An Team übergeben".'),
  /** Drawn in the accent colour: the row that needs the team's attention. */
  highlight: z.boolean().default(false).describe('true: the tag is drawn in the accent colour (the row that needs attention).'),
});

/**
 * The chatbot dashboard a customer works in: sidebar, key figures, a small chart, the latest conversations, the
 * captured leads and the next booking. The figures are an illustration (the drawing is labelled a preview).
 */
export const DashboardMock = z.strictObject({
  kind: z.literal('dashboard').describe(KIND),
  alt: Text.describe(
    'What the drawing shows, read by screen readers instead of it (the drawing itself is hidden from them), e.g. "The dashboard: conversations, leads and a booking".',
  ),
  address: Text.describe('Text in the address bar of the drawn browser, e.g. "app.example.de".'),
  nav: z.array(Text).min(2).max(6).describe('Two to six sidebar entries, the first drawn selected, e.g. ["Übersicht", "Gespräche", "Termine"].'),
  heading: Text.describe('The title of the drawn screen, e.g. "Übersicht".'),
  period: Text.describe('The period chip beside it, e.g. "Letzte 7 Tage".'),
  stats: z
    .array(
      z.strictObject({
        label: Text.describe('What the figure counts, e.g. "Gespräche".'),
        value: Text.describe('The figure as drawn, e.g. "312".'),
        note: Text.optional().describe('A small line under it, e.g. "+28 zur Vorwoche".'),
      }),
    )
    .min(2)
    .max(4)
    .describe('Two to four key figures across the top (phones show the first two).'),
  chart: z
    .strictObject({
      title: Text.describe('The chart title, e.g. "Gespräche pro Tag".'),
      labels: z.array(Text).min(3).max(12).describe('The labels under the bars, e.g. ["Mo", "Di", "Mi"].'),
      values: z.array(z.number().int().min(0)).min(3).max(12).describe('One bar height per label (the highest fills the chart), e.g. [32, 41, 38].'),
    })
    .refine((c) => c.labels.length === c.values.length, { message: 'the chart needs one value per label' })
    .describe('A small bar chart.'),
  conversations: z
    .strictObject({
      title: Text.describe('The list title, e.g. "Letzte Gespräche".'),
      items: z.array(DashboardRow).min(1).max(4).describe('One to four conversations (phones show the first two).'),
    })
    .describe('The latest conversations: one to four rows.'),
  leads: z
    .strictObject({
      title: Text.describe('The list title, e.g. "Neue Anfragen".'),
      items: z.array(DashboardRow).min(1).max(4).describe('One to four leads (phones show the first two).'),
    })
    .describe('The leads the chatbot captured: one to four rows.'),
  booking: z
    .strictObject({
      title: Text.describe('The card title, e.g. "Nächster Termin".'),
      weekday: Text.describe('The weekday drawn on the calendar leaf, e.g. "Do".'),
      day: Text.describe('The day of the month on it, e.g. "14".'),
      time: Text.describe('The time, e.g. "10:30 – 11:00".'),
      name: Text.describe('Who booked, e.g. "Familie Weber".'),
      topic: Text.describe('What for, e.g. "Inspektion, VW Golf".'),
      status: Text.describe('Its state as a tag, e.g. "Bestätigt".'),
      source: Text.optional().describe('A small line on how it was booked, e.g. "Gebucht im Chat".'),
    })
    .describe('The next appointment a visitor booked in the chat.'),
});

export const ProductMock = z.discriminatedUnion('kind', [PlatformMock, ChatWidgetMock, LearningMock, DashboardMock]);
export type ProductMock = z.infer<typeof ProductMock>;
