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

/** The platform: chat window with model picker (Smart Select plus the models), agent sidebar, an exchange. */
export const PlatformMock = z.strictObject({
  kind: z
    .literal('platform')
    .describe('Which drawing: platform (chat with model picker and agents), chatWidget (a chat on a customer website) or learning (a tutoring session).'),
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
  messages: z.array(Message).min(2).max(3).describe('Two or three chat messages, alternating user and assistant.'),
  inputPlaceholder: Text.describe('Placeholder in the drawn message input, e.g. "Nachricht eingeben…".'),
});

/** A chat widget on a customer's website: a short conversation that ends in a booking step. */
export const ChatWidgetMock = z.strictObject({
  kind: z
    .literal('chatWidget')
    .describe('Which drawing: platform (chat with model picker and agents), chatWidget (a chat on a customer website) or learning (a tutoring session).'),
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
  kind: z
    .literal('learning')
    .describe('Which drawing: platform (chat with model picker and agents), chatWidget (a chat on a customer website) or learning (a tutoring session).'),
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

export const ProductMock = z.discriminatedUnion('kind', [PlatformMock, ChatWidgetMock, LearningMock]);
export type ProductMock = z.infer<typeof ProductMock>;
