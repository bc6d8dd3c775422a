/**
 * Grid column classes for `count` cards that never leave one card alone on the last row below a full row:
 * one column on phones, then column counts that divide the count or leave at least two on the last row
 * (3 → 3; 4 → 2, 4; 5 → 3; 6 → 2, 3; 8 → 2, 4). Ten (or more, in fives) are a compact list: two columns
 * up to 1280 px, then rows of five. `preferred` (the content's `columns`) wins
 * on wide screens when it balances. Five columns only when nothing else does: at 1280 px a five-column card
 * is too narrow for German compounds such as "Geschichtenerzähler" in a card title.
 * Three cards stand side by side from 1024 px (`threeAcross: 'lg'`): at 768 px a third of the container is
 * about 190 px of text, and titles such as "Mandantenaufnahme-Bot" or "Technologieunternehmen" broke
 * inside the word. Plan cards (short names, a price) pass `'md'`.
 * On wide screens an unfilled last row is centred under the full rows (`centre-last-3/4` in styles.css)
 * instead of leaving a hole on the right. The class names are written out in full so Tailwind finds them.
 */
const WIDE = { 2: 'lg:grid-cols-2', 3: 'lg:grid-cols-3 centre-last-3', 4: 'lg:grid-cols-4 centre-last-4', 5: 'xl:grid-cols-5' } as const;

const fits = (count: number, columns: number) => count % columns === 0 || count % columns >= 2;

export function gridColumns(count: number, preferred: 2 | 3 | 4 = 3, threeAcross: 'md' | 'lg' = 'lg'): string {
  if (count <= 1) return '';
  // Ten or more in fives (the ten learning modes): two compact columns, rows of five from 1280 px. A fifth of the
  // page's container is 211 px there, room for "Geschichtenerzähler" in a card title; at 1024 px it is 173 px.
  if (isCompactList(count)) return 'grid-cols-2 xl:grid-cols-5';
  if (count === 2) return 'sm:grid-cols-2';
  if (count === 3) return threeAcross === 'md' ? 'md:grid-cols-3' : 'lg:grid-cols-3';
  const narrow = count % 2 === 0 ? 'sm:grid-cols-2' : fits(count, 3) ? 'md:grid-cols-3' : '';
  const order = [preferred, 4, 3] as const;
  const wide = order.find((c) => count % c === 0) ?? order.find((c) => fits(count, c)) ?? ([5, 2] as const).find((c) => count % c === 0) ?? preferred;
  return `${narrow} ${WIDE[wide]}`.trim();
}

/** Ten or more cards in fives: small cards, two to a row on phones (the ten learning modes took three screens in one column). */
export const isCompactList = (count: number) => count >= 10 && count % 5 === 0;

/**
 * A card's head (icon and title) and its list: the icon sits beside the title while the cards stack in one
 * column and above it once they stand side by side. Three cards stack until 1024 px, in a column no wider
 * than a comfortable line (a 720 px card with its icon on top read as an empty box).
 */
export function cardLayout(count: number): { list: string; head: string; title: string } {
  // A compact list: the icon above the title in a phone's narrow column, beside it in two wide columns.
  if (isCompactList(count)) return { list: '', head: 'flex flex-col items-start gap-2 sm:flex-row sm:items-center sm:gap-3 xl:block', title: 'xl:mt-4' };
  return count === 3
    ? { list: 'mx-auto max-w-2xl lg:max-w-none', head: 'flex items-center gap-3 lg:block', title: 'lg:mt-4' }
    : { list: '', head: 'flex items-center gap-3 sm:block', title: 'sm:mt-4' };
}
