/**
 * Commitment periods of the chatbot price list, as plain data: the offer rules and the price table read them on
 * paths that must not load zod (a warm build that changed nothing); sections/chatbot.ts makes its enum of them.
 */
export const COMMITMENTS = ['months12', 'months6', 'months1'] as const;
export type Commitment = (typeof COMMITMENTS)[number];
