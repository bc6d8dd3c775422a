/**
 * The texts /admin puts into a new item or page for the author to type over, per language, and the answer lines
 * earlier versions filled in. The editor shows them; `site check` refuses them on a page, where a visitor would
 * read them (editor-filler), so both read them from here.
 */
export const STOCK_TEXT: Record<'de' | 'en' | 'fr' | 'es', { newText: string; newQuestion: string; newPageTitle: string; newPageDescription: string }> = {
  de: {
    newText: 'Neuer Text',
    newQuestion: 'Neue Frage?',
    newPageTitle: 'Titel der neuen Seite',
    newPageDescription: 'Ein bis zwei Sätze, die diese Seite in Suchergebnissen beschreiben.',
  },
  en: {
    newText: 'New text',
    newQuestion: 'New question?',
    newPageTitle: 'Title of the new page',
    newPageDescription: 'One or two sentences that describe this page in search results.',
  },
  fr: {
    newText: 'Nouveau texte',
    newQuestion: 'Nouvelle question ?',
    newPageTitle: 'Titre de la nouvelle page',
    newPageDescription: 'Une ou deux phrases qui décrivent cette page dans les résultats de recherche.',
  },
  es: {
    newText: 'Texto nuevo',
    newQuestion: '¿Pregunta nueva?',
    newPageTitle: 'Título de la página nueva',
    newPageDescription: 'Una o dos frases que describen esta página en los resultados de búsqueda.',
  },
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
