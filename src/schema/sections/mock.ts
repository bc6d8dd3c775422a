import { z } from 'zod';
import { Text } from '../text.ts';

/**
 * Product visuals built in HTML and CSS (no image, no script): what the product looks like, in the page's
 * language. `alt` is the text alternative read instead of the drawing; everything else is decorative.
 */
const Message = z.strictObject({
  /** Who speaks: the visitor / pupil (`user`) or the product (`assistant`). */
  from: z.enum(['user', 'assistant']),
  text: Text,
  /** A small line under an assistant message, e.g. which model answered. */
  meta: Text.optional(),
});

/** The platform: chat window with model picker (Smart Select plus the models), agent sidebar, an exchange. */
export const PlatformMock = z.strictObject({
  kind: z.literal('platform'),
  alt: Text,
  /** Address bar text of the browser frame. */
  address: Text,
  agentsTitle: Text,
  agents: z.array(Text).min(2).max(5),
  pickerLabel: Text,
  smartSelect: Text,
  smartSelectNote: Text,
  models: z.array(Text).min(2).max(6),
  messages: z.array(Message).min(2).max(3),
  inputPlaceholder: Text,
});

/** A chat widget on a customer's website: a short conversation that ends in a booking step. */
export const ChatWidgetMock = z.strictObject({
  kind: z.literal('chatWidget'),
  alt: Text,
  address: Text,
  botName: Text,
  status: Text,
  messages: z.array(Message).min(2).max(4),
  booking: z.strictObject({
    title: Text,
    slots: z.array(Text).min(2).max(4),
    /** Index of the slot drawn as chosen. */
    chosen: z.number().int().min(0).default(0),
    confirm: Text,
  }),
  inputPlaceholder: Text,
});

/** A learning-mode session: mode and class level, a task, tutor and pupil turns, a hint and progress. */
export const LearningMock = z.strictObject({
  kind: z.literal('learning'),
  alt: Text,
  address: Text,
  modeLabel: Text,
  mode: Text,
  level: Text,
  task: Text,
  messages: z.array(Message).min(2).max(4),
  hint: Text,
  progressLabel: Text,
  /** Share of the session done, in percent (the bar's width). */
  progress: z.number().int().min(0).max(100),
  inputPlaceholder: Text,
});

export const ProductMock = z.discriminatedUnion('kind', [PlatformMock, ChatWidgetMock, LearningMock]);
export type ProductMock = z.infer<typeof ProductMock>;
