import { contactFormStrings, type ContactFormSettings } from '../islands/contact-form/props.ts';
import type { ContactFormConfig } from '../schema/sections/contact.ts';
import type { RenderContext } from './context.ts';
import { linkLanguagesIn } from './link-language.ts';
import { apostrophes } from './typography-marks.ts';

type Strings = ContactFormSettings['strings'];
type Notice = Strings['notices']['success'];

/**
 * A notice (toast) as SPEC words it, with the typographic apostrophe the page's own text has ("s’est", design
 * review 7b N8): the typography pass leaves the notices as typed (typography.ts), this sets only the glyph.
 */
function typesetNotice(notice: Notice): Notice {
  return notice.description === undefined
    ? { title: apostrophes(notice.title) }
    : { title: apostrophes(notice.title), description: apostrophes(notice.description) };
}

/** The locale's form strings for a variant, its notices with the page's apostrophe. */
function formStrings(ctx: RenderContext, variant: 'business' | 'education'): Strings {
  const strings = contactFormStrings(ctx.strings, variant);
  const { success, error, consentMissing } = strings.notices;
  return {
    ...strings,
    notices: { ...strings.notices, success: typesetNotice(success), error: typesetNotice(error), consentMissing: typesetNotice(consentMissing) },
  };
}

function backend(ctx: RenderContext): ContactFormSettings['backend'] {
  const { url, anonKey, functionName } = ctx.model.site.backend;
  return { url, anonKey, functionName };
}

/** A contact section's form island props, from its content config and the page's locale. */
export function contactFormSettings(ctx: RenderContext, config: ContactFormConfig): ContactFormSettings {
  return {
    strings: formStrings(ctx, config.variant),
    shape: { fields: config.fields, emptyCompany: config.emptyCompany },
    layout: config.variant,
    presetProducts: config.presetProducts,
    source: { form: config.variant, locale: ctx.entry.locale },
    backend: backend(ctx),
    consentLinks: linkLanguagesIn(ctx.model, ctx.entry, ctx.strings.forms.consent),
    email: ctx.model.site.email,
  };
}

/** The chat demo's mini form: business strings, company optional, products and subject fixed (SPEC §3). */
export function chatDemoFormSettings(ctx: RenderContext): ContactFormSettings {
  return {
    strings: formStrings(ctx, 'business'),
    shape: { fields: ['company'], emptyCompany: 'null', fixed: { products: ['chatbot'], subject: ctx.strings.chatDemo.subject } },
    layout: 'business',
    presetProducts: [],
    source: { form: 'chat-demo', locale: ctx.entry.locale },
    backend: backend(ctx),
    email: ctx.model.site.email,
    success: { title: ctx.strings.chatDemo.success },
    consentLinks: linkLanguagesIn(ctx.model, ctx.entry, ctx.strings.forms.consent),
  };
}
