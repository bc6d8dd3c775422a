/** What the layout gate and `npm run shots` look at: the spec's routes and the widths visitors bring. */

/** SPEC §2's route table: 14 routes, and an unknown path per language for its not-found page. */
export const LAYOUT_ROUTES = [
  '/',
  '/fr',
  '/en',
  '/es',
  '/education',
  '/fr/education',
  '/en/education',
  '/es/education',
  '/chatbot',
  '/impressum',
  '/agb',
  '/datenschutz',
  '/faq',
  '/leitfaden',
  '/diese-seite-gibt-es-nicht',
  '/fr/page-inconnue',
  '/en/no-such-page',
  '/es/pagina-inexistente',
];

/** Phones (360, 390), a tablet, a laptop and a wide screen, each with a height that device has. */
export const LAYOUT_VIEWPORTS = [
  { width: 360, height: 780 },
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
];
