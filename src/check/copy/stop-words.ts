/**
 * Small function-word lists per language, enough to tell which language a sentence is written in.
 * A word listed for two languages (fr/es "la", de/en "in") says nothing and is dropped when counting.
 */
export const STOP_WORDS: Record<string, readonly string[]> = {
  de: ['der', 'die', 'das', 'und', 'für', 'mit', 'ihre', 'ihren', 'ihrer', 'sie', 'wir', 'ist', 'sind', 'nicht', 'ein', 'eine', 'einen', 'einem', 'auf', 'den', 'dem', 'des', 'zu', 'von', 'im', 'oder', 'auch', 'werden', 'wird', 'bei', 'aus', 'nach', 'noch', 'nur', 'sich', 'kein', 'keine', 'über', 'unsere', 'alle', 'ohne', 'wie', 'mehr', 'jetzt'],
  en: ['the', 'and', 'for', 'with', 'your', 'you', 'our', 'we', 'is', 'are', 'of', 'to', 'this', 'that', 'without', 'from', 'all', 'more', 'it', 'its', 'be', 'by', 'can', 'have', 'has', 'not', 'or', 'which', 'who', 'will', 'what', 'how', 'any', 'every', 'into', 'than', 'no'],
  fr: ['le', 'les', 'une', 'est', 'et', 'pour', 'avec', 'dans', 'vous', 'votre', 'vos', 'nous', 'notre', 'nos', 'sur', 'au', 'aux', 'du', 'pas', 'qui', 'ce', 'cette', 'ces', 'sont', 'ou', 'être', 'sans', 'plus', 'leur', 'leurs', 'tous', 'toutes', 'chaque', 'aussi', 'très', 'où', 'mais', 'ne', 'ni', 'dès', 'à', 'des'],
  es: ['el', 'los', 'las', 'y', 'para', 'con', 'una', 'es', 'su', 'sus', 'usted', 'del', 'por', 'al', 'como', 'más', 'sin', 'este', 'esta', 'estos', 'son', 'nuestro', 'nuestra', 'nuestros', 'todos', 'todas', 'cada', 'también', 'muy', 'pero', 'ni', 'o', 'sobre', 'desde', 'hasta', 'puede', 'sólo', 'solo'],
  // Words also common in French, Spanish, German or English ("il", "un", "non", "con", "in", "come", "per") are left out.
  it: ['gli', 'di', 'che', 'sono', 'della', 'delle', 'degli', 'dei', 'nel', 'nella', 'nei', 'alla', 'questo', 'questa', 'questi', 'anche', 'più', 'ogni', 'vostro', 'vostra', 'vostri', 'nostro', 'nostra', 'nostri', 'tutti', 'tutte', 'senza', 'essere', 'hanno', 'sua', 'suo', 'suoi', 'loro', 'quando', 'dove', 'perché', 'già', 'molto', 'dal', 'dalla', 'sul', 'sulla', 'ed', 'tra', 'sempre', 'può', 'possono', 'oppure', 'siamo', 'siete', 'è'],
};

/** Letters no word of the language has; a word with one is from another language (Länder on a French page). */
export const FOREIGN_LETTERS: Record<string, RegExp> = {
  fr: /[äöüßñ]/i,
  en: /[äöüßñéèêàçœ]/i,
  es: /[äößèêàçœ]/i,
  it: /[äöüßñçœ]/i,
};
