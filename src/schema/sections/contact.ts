import { z } from 'zod';
import { Text } from '../text.ts';
import { sectionBase } from './common.ts';

/** The contact section; the form island inside it is configured by `form` (see the contact issue). */
export const ContactSection = z.strictObject({
  type: z.literal('contact'),
  ...sectionBase,
  title: Text,
  lead: Text.optional(),
  points: z.array(Text).default([]),
});
