import { z } from 'zod';
import { Action, Icon, InlineText, RichText, Text } from '../text.ts';
import { sectionBase, sectionLead, sectionTitle, sectionType } from './common.ts';
import { ProductMock } from './mock.ts';

/** Figure-and-label pairs (hero stats, about facts): the figure large, its label under it. */
const Figure = z.strictObject({
  value: Text.describe('The figure, shown large, e.g. "{{claims.gdprPercent}} %" or "24/7".'),
  label: Text.describe('What the figure counts, shown under it, e.g. "DSGVO-konform".'),
});

export const HeroSection = z.strictObject({
  type: sectionType('hero', 'the page opening with the main heading, a lead paragraph, buttons and optional figures and product drawing. Put it first.'),
  ...sectionBase,
  title: sectionTitle('Alle KI-Modelle an einem Ort'),
  highlight: Text.optional().describe('Words appended to the title in the brand colour, e.g. "für Ihr Unternehmen".'),
  lead: Text.describe('The paragraph under the heading: what the product does for the visitor, in one or two sentences.'),
  actions: z
    .array(Action)
    .min(1)
    .max(3)
    .describe('One to three buttons under the lead; the first is usually primary, e.g. [{label: "Kostenlos testen", href: "#contact"}].'),
  stats: z
    .array(Figure)
    .max(4)
    .default([])
    .describe('Up to four figures in a row under the buttons, e.g. [{value: "{{claims.gdprPercent}} %", label: "DSGVO-konform"}].'),
  note: Text.optional().describe('A small line under the buttons, e.g. "Keine Kreditkarte nötig".'),
  trialNote: z
    .boolean()
    .default(false)
    .describe('true: the small line under the buttons states the trial this language offers, from offer.trials in site.yaml (instead of note).'),
  /** The product drawn in HTML/CSS below the actions (see mock.ts). */
  mock: ProductMock.optional().describe(
    'A drawing of the product beside the text (below it on phones), drawn in HTML from these strings. `kind` picks which one.',
  ),
});

export const FeaturesSection = z.strictObject({
  type: sectionType('features', 'a grid of cards (icon, title, text, optional points) or a compact list of add-ons.'),
  ...sectionBase,
  title: sectionTitle('Was die Plattform kann'),
  lead: sectionLead,
  /** Preferred columns on wide screens; the grid still picks counts that leave no card alone on a row. */
  columns: z
    .union([z.literal(2), z.literal(3), z.literal(4)])
    .default(3)
    .describe('Cards per row on wide screens: 2, 3 or 4 (default 3). The grid never leaves one card alone on a row.'),
  /**
   * `cards`: a card grid. `addons`: a compact list of optional add-ons inside a larger section (the home
   * overview's optional services), so it does not read as a second copy of the services section. `plain` and
   * `spotlight`: other treatments, so a page of several feature sections does not repeat one card grid.
   * `folded`: cards, on phones a list of titles that open to their text (a long list of secondary detail).
   */
  layout: z
    .enum(['cards', 'addons', 'plain', 'spotlight', 'folded'])
    .default('cards')
    .describe(
      'cards (default): a card grid. addons: a compact list of optional extras, so it does not read as a second services section. plain: entries without boxes, each under a rule. spotlight: the first item as a large tile, the others as rows beside it. folded: cards, and on phones titles that open to their text.',
    ),
  items: z
    .array(
      z.strictObject({
        icon: Icon.optional().describe('Icon drawn on the card, e.g. shield. The names are listed in the completion.'),
        title: Text.describe('The card heading, e.g. "DSGVO-konform".'),
        text: InlineText.describe('The card text; **bold** and [links](/path) work.'),
        points: z.array(Text).default([]).describe('Optional check-marked points under the text.'),
        addon: z
          .string()
          .min(1)
          .optional()
          .describe('An add-on of offer.addons in site.yaml: its prices are printed under the text from the offer data, e.g. transcription.'),
        drawing: z
          .enum(['model-choice'])
          .optional()
          .describe(
            'A small drawing in the large tile of a spotlight section (its first item), from 1024 px where the tile is as tall as the rows beside it. model-choice: the sample question of the page’s platform drawing, Smart Select and its models with the chosen one marked.',
          ),
      }),
    )
    .min(1)
    .describe('The cards, in reading order.'),
});

export const FaqSection = z.strictObject({
  type: sectionType('faq', 'questions that open to show their answers.'),
  ...sectionBase,
  title: sectionTitle('Häufige Fragen'),
  lead: sectionLead,
  items: z
    .array(
      z.strictObject({
        question: Text.describe('The question, shown as the button that opens the answer.'),
        answer: RichText.describe('The answer: paragraphs, lists or sub-headings (rich text).'),
      }),
    )
    .min(1)
    .describe('The questions, in order.'),
  /** Open the first entry on load. */
  openFirst: z.boolean().default(false).describe('true: the first answer is open when the page loads. Default false.'),
  action: Action.optional().describe('A button under the questions, e.g. to all questions or the contact form.'),
});

export const CtaSection = z.strictObject({
  type: sectionType('cta', 'a call to action: a coloured band with a heading, a sentence and buttons.'),
  ...sectionBase,
  title: sectionTitle('Bereit für den Start?'),
  text: Text.optional().describe('A sentence under the heading.'),
  actions: z.array(Action).min(1).max(3).describe('One to three buttons.'),
});

export const ServicesSection = z.strictObject({
  type: sectionType('services', 'cards for extra services, each with details, features, an optional price and a button.'),
  ...sectionBase,
  title: sectionTitle('Zusätzliche Leistungen'),
  lead: sectionLead,
  /** Where card buttons without a link scroll to ('Mehr erfahren'). */
  contactHref: z
    .string()
    .regex(/^#[a-z][a-z0-9-]*$/)
    .default('#contact')
    .describe('Anchor the buttons of cards without a `link` scroll to (labelled with the locale\'s services.more). Default "#contact".'),
  /** `folded`: on phones the cards are one panel of titles (with their price) that open to the rest of the card. */
  layout: z
    .enum(['cards', 'folded'])
    .default('cards')
    .describe('cards (default): a card grid. folded: cards, and on phones titles with their price that open to the rest of the card.'),
  cards: z
    .array(
      z.strictObject({
        icon: Icon.describe('Icon at the top of the card, e.g. bot.'),
        title: Text.describe('The card heading, e.g. "Chatbot für Ihre Website".'),
        description: Text.describe('One sentence on what the service is.'),
        details: Text.describe('A smaller line under the description with the particulars (scope, duration).'),
        features: z.array(Text).min(1).describe('Check-marked points: what the service includes.'),
        price: Text.optional().describe(
          'Price line in the brand colour; use a reference so it follows site.yaml, e.g. "ab {{services.chatbotPerPage | eur}}".',
        ),
        link: z
          .string()
          .regex(/^\//, { message: 'expected a site path starting with /' })
          .optional()
          .describe('A page with the details (e.g. /chatbot): the button then reads services.details. Without it the button scrolls to contactHref.'),
      }),
    )
    .min(1)
    .describe('The service cards, in reading order.'),
});

export const AboutSection = z.strictObject({
  type: sectionType('about', 'text about the company with optional figures beside it.'),
  ...sectionBase,
  title: sectionTitle('Über uns'),
  body: RichText.describe('The text: paragraphs, lists or sub-headings (rich text).'),
  facts: z.array(Figure).default([]).describe('Figures beside the text, e.g. [{value: "{{company.foundedYear}}", label: "gegründet"}].'),
});

export const RichTextSection = z.strictObject({
  type: sectionType('richText', 'a heading and long text (paragraphs, lists, sub-headings).'),
  ...sectionBase,
  title: sectionTitle('So arbeiten wir'),
  body: RichText.describe('The text: paragraphs, lists or sub-headings (rich text).'),
});

export const ClaimNotesSection = z.strictObject({
  type: sectionType(
    'claimNotes',
    'the footnotes of the registered claims the page shows (site.yaml claimRegister), numbered as they appear, with their basis. Without this section they follow the last section.',
  ),
  ...sectionBase,
  title: sectionTitle('Fußnoten und Quellen'),
  text: RichText.optional().describe('Further notes after the numbered ones, e.g. that prices exclude VAT.'),
});
