import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';

/** The editor's strings in one UI language: en.ts's shape, which every language has to fill. */
export type Messages = typeof en;

/** The UI languages the editor ships, by code; the first is the fallback. */
export const MESSAGES = { en, de, fr, es } satisfies Record<string, Messages>;
export type UiLanguage = keyof typeof MESSAGES;

/** The UI language for the browser's preferred languages (`navigator.languages`), English when none fits. */
export function uiLanguageFor(preferred: readonly string[]): UiLanguage {
  for (const tag of preferred) {
    const code = tag.trim().toLowerCase().split(/[-;]/)[0];
    if (code && Object.hasOwn(MESSAGES, code)) return code as UiLanguage;
  }
  return 'en';
}
