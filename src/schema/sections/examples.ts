/**
 * A minimal valid example of every section type and product drawing, as an author would write it in a
 * page file. `site schema` prints them in content/.schema/reference.md beside each type's fields;
 * tests/unit/schema/reference.test.ts holds every one valid and every type covered.
 */
export const SECTION_EXAMPLES: Record<string, string> = {
  hero: `- type: hero
  title: Alle KI-Modelle an einem Ort
  lead: Ab {{plans.standard.price | eur}} pro Nutzer und Monat.
  actions: [{ label: Kostenlos testen, href: "#contact" }]`,
  features: `- type: features
  title: Warum wir
  items: [{ icon: shield, title: DSGVO-konform, text: Gehostet in Europa. }]`,
  plans: `- type: plans
  id: pricing
  title: Preise
  plans:
    - { plan: standard, name: Standard, tagline: Für den Einstieg, term: pro Nutzer und Monat, features: [Alle Modelle], action: { label: Anfragen, href: "#contact" } }`,
  savings: `- type: savings
  title: Rechenbeispiel
  text: Zwei Einzel-Abos kosten mehr als eines.
  claim: vsTwo
  totalLabel: Einzeln zusammen
  oursLabel: Mit uns
  resultLabel: günstiger`,
  faq: `- type: faq
  title: Häufige Fragen
  items: [{ question: Wo liegen die Daten?, answer: [In Rechenzentren in der EU.] }]`,
  cta: `- type: cta
  title: Bereit für den Start?
  actions: [{ label: Kontakt aufnehmen, href: "#contact" }]`,
  services: `- type: services
  title: Zusätzliche Leistungen
  cards:
    - { icon: bot, title: Chatbot, description: Ein Chatbot für Ihre Website., details: Einrichtung in zwei Wochen., features: [Auf Ihre Inhalte trainiert], link: /chatbot }`,
  about: `- type: about
  id: about
  title: Über uns
  body: [Ein kleines Team aus Bayreuth.]`,
  richText: `- type: richText
  title: So arbeiten wir
  body: [Erst zuhören, dann bauen., { list: [Analyse, Umsetzung, Betrieb] }]`,
  contact: `- type: contact
  id: contact
  title: Sprechen Sie mit uns
  form: { variant: business, fields: [company, products] }`,
  chatbotPricing: `- type: chatbotPricing
  id: pricing
  title: Preise
  caption: Monatspreise nach Laufzeit
  tierHeading: Paket
  commitments: { months12: 12 Monate, months6: 6 Monate, months1: Monatlich }
  perMonth: pro Monat
  tiers: [{ tier: standard, name: Standard-Chatbot, description: Beantwortet Fragen rund um die Uhr. }]
  setup: { name: Einrichtung, description: "Einmalig, je nach Laufzeit." }`,
  preview: `- type: preview
  title: Ihr Dashboard
  caption: Vorschau – das Dashboard folgt in Kürze.
  panels: [Gespräche, Termine, Statistik]`,
  legal: `- type: legal
  title: Allgemeine Geschäftsbedingungen
  numbering: paragraph
  parts: [{ title: Geltungsbereich, body: [Diese Bedingungen gelten für alle Verträge.] }]`,
  claimNotes: `- type: claimNotes
  title: Fußnoten und Quellen`,
  notFound: `- type: notFound
  code: "404"
  title: Seite nicht gefunden
  action: { label: Zur Startseite, href: / }
  logMessage: "404 Error: User attempted to access non-existent route:"`,
};

/** A minimal example of each product drawing (`mock:` of a hero or preview section). */
export const MOCK_EXAMPLES: Record<string, string> = {
  platform: `mock:
  kind: platform
  alt: Die Plattform mit Modellauswahl und Agenten
  address: app.example.de
  agentsTitle: Agenten
  agents: [Vertrieb, Support]
  pickerLabel: Modell
  smartSelect: Smart Select
  smartSelectNote: wählt das passende Modell
  models: [GPT, Claude]
  messages: [{ from: user, text: Fasse den Vertrag zusammen. }, { from: assistant, text: "Gern: die drei wichtigsten Punkte …" }]
  inputPlaceholder: Nachricht eingeben …`,
  chatWidget: `mock:
  kind: chatWidget
  alt: Ein Chatbot auf einer Praxis-Website bucht einen Termin
  address: praxis-example.de
  botName: Praxis-Assistent
  status: online
  messages: [{ from: user, text: Haben Sie morgen einen Termin frei? }, { from: assistant, text: "Ja, diese Zeiten sind frei." }]
  booking: { title: Termin wählen, slots: [Mo 9:00, Di 14:30], confirm: Termin buchen }
  inputPlaceholder: Nachricht eingeben …`,
  learning: `mock:
  kind: learning
  alt: Eine Lernsitzung im sokratischen Modus
  address: schule.example.de
  modeLabel: Lernmodus
  mode: Sokratisch
  level: Klasse 8
  task: Löse 3x + 5 = 20.
  messages: [{ from: assistant, text: Was steht auf beiden Seiten? }, { from: user, text: 3x + 5 und 20. }]
  hint: Ziehe auf beiden Seiten 5 ab.
  progressLabel: Fortschritt
  progress: 60
  inputPlaceholder: Antwort eingeben …`,
  dashboard: `mock:
  kind: dashboard
  alt: Das Dashboard mit Gesprächen, Anfragen und dem nächsten Termin
  address: app.example.de
  nav: [Übersicht, Gespräche, Termine]
  heading: Übersicht
  period: Letzte 7 Tage
  stats: [{ label: Gespräche, value: "120" }, { label: Anfragen, value: "14" }]
  chart: { title: Gespräche pro Tag, labels: [Mo, Di, Mi], values: [12, 18, 15] }
  conversations: { title: Letzte Gespräche, items: [{ name: Anna B., text: Haben Sie morgen geöffnet?, status: Beantwortet }] }
  leads: { title: Neue Anfragen, items: [{ name: Jan K., text: Angebot für eine Wartung, status: Neu }] }
  booking: { title: Nächster Termin, weekday: Mo, day: "3", time: "9:00", name: Anna B., topic: Beratung, status: Bestätigt }`,
};
