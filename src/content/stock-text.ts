/**
 * The texts /admin puts into a new item for the author to type over, per editor language, and the answer lines
 * earlier versions filled in. The editor shows them; `site check` refuses them on a page, where a visitor would
 * read them (editor-filler), so both read them from here.
 */
export const STOCK_TEXT: Record<'de' | 'en' | 'fr' | 'es', { newText: string; newQuestion: string }> = {
  de: { newText: 'Neuer Text', newQuestion: 'Neue Frage?' },
  en: { newText: 'New text', newQuestion: 'New question?' },
  fr: { newText: 'Nouveau texte', newQuestion: 'Nouvelle question ?' },
  es: { newText: 'Texto nuevo', newQuestion: '¿Pregunta nueva?' },
};

export const EARLIER_STOCK_ANSWERS = [
  'Die Antwort.',
  'Eine zweite Zeile der Antwort.',
  'The answer.',
  'A second line of the answer.',
  'La réponse.',
  'Une deuxième ligne de la réponse.',
  'La respuesta.',
  'Una segunda línea de la respuesta.',
] as const;
