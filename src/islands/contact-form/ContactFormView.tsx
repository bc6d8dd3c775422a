import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { FIELD_LIMITS, HONEYPOT_FIELD, PRODUCT_IDS, type ProductIdValue } from '../../../supabase/functions/_shared/contact-fields.ts';
import { contactPayload, type FormValues } from '../../../supabase/functions/_shared/contact-payload.ts';
import { Inline } from '../inline-markup.tsx';
import { notify } from '../toaster/notify.tsx';
import type { ContactFormSettings } from './props.ts';

const input =
  'mt-1 block w-full rounded-lg border-0 bg-white px-3 py-2 text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-brand-600 focus:ring-inset';
const label = 'block text-sm font-medium text-slate-800';

function Required() {
  return <span aria-hidden="true" className="text-red-700"> *</span>;
}

function emptyValues(preset: readonly ProductIdValue[]): FormValues {
  return { name: '', email: '', company: '', products: [...preset], subject: '', message: '', privacyConsent: false };
}

/**
 * One contact form, configured per variant and locale (SPEC §3–§5, §8): idle → submitting → success |
 * failure. Field names are the payload keys. Nothing is sent without consent; a failure keeps every value.
 */
export function ContactFormView({ strings, shape, layout, presetProducts, source, backend, success }: ContactFormSettings) {
  const [values, setValues] = useState(() => emptyValues(presetProducts));
  const [submitting, setSubmitting] = useState(false);
  // Until hydrated the button stays disabled: a native submit would put the fields into the URL.
  const [hydrated, setHydrated] = useState(false);
  // Repeat submits in the same tick (a double click) must not send twice; state updates are too late.
  const busy = useRef(false);
  const id = useId();
  useEffect(() => setHydrated(true), []);

  const has = (field: 'company' | 'products' | 'subject') => shape.fields.includes(field) && !(field in (shape.fixed ?? {}));
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const toggleProduct = (product: ProductIdValue, on: boolean) =>
    setValues((v) => ({ ...v, products: on ? [...v.products, product] : v.products.filter((p) => p !== product) }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    // Read from the DOM, not React state: bots fill inputs without firing React's change events.
    const trap = new FormData(event.currentTarget).get(HONEYPOT_FIELD);
    if (!values.privacyConsent) {
      void notify('error', strings.notices.consentMissing, strings.toasterLabel);
      return;
    }
    // `required` lets a field of only spaces through; the backend does not (SPEC §5: required means
    // something typed). Empty such fields so the browser shows its own "fill in this field" on them,
    // as it does for empty ones, instead of a send failure the visitor cannot explain.
    const form = event.currentTarget;
    const blank = (['name', 'subject', 'message'] as const).filter((key) => (key !== 'subject' || has('subject')) && values[key] !== '' && values[key].trim() === '');
    if (blank.length > 0) {
      flushSync(() => setValues((v) => ({ ...v, ...Object.fromEntries(blank.map((key) => [key, ''])) })));
      form.reportValidity();
      return;
    }
    busy.current = true;
    setSubmitting(true);
    try {
      const { sendContactRequest } = await import('./send.ts');
      const error = await sendContactRequest({ backend, source }, contactPayload(shape, { ...values, homepage: typeof trap === 'string' ? trap : '' }));
      if (error) throw error;
      setValues(emptyValues(presetProducts));
      void notify('success', success ?? strings.notices.success, strings.toasterLabel);
    } catch (error) {
      if (strings.notices.logErrors) console.error('contact request failed', error);
      void notify('error', strings.notices.error, strings.toasterLabel);
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  }

  const field = (name: 'name' | 'email' | 'company' | 'subject', required: boolean, extra: { type?: string; autoComplete: string }) => (
    <div>
      <label htmlFor={`${id}${name}`} className={label}>
        {strings.labels[name]}
        {required && <Required />}
      </label>
      <input
        id={`${id}${name}`}
        name={name}
        type={extra.type ?? 'text'}
        autoComplete={extra.autoComplete}
        required={required}
        maxLength={FIELD_LIMITS[name]}
        placeholder={strings.placeholders[name]}
        value={values[name]}
        onChange={(e) => set(name, e.target.value)}
        className={input}
      />
    </div>
  );

  return (
    <form onSubmit={submit} className="space-y-5" aria-busy={submitting} data-contact-form={source.form}>
      <div className="grid gap-5 sm:grid-cols-2">
        {field('name', true, { autoComplete: 'name' })}
        {field('email', true, { type: 'email', autoComplete: 'email' })}
        {has('company') && field('company', false, { autoComplete: 'organization' })}
        {has('subject') && field('subject', true, { autoComplete: 'off' })}
      </div>
      {has('products') && (
        <fieldset>
          <legend className={label}>{strings.labels.products}</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {PRODUCT_IDS.map((product) => (
              <label key={product} className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  name="products"
                  value={product}
                  checked={values.products.includes(product)}
                  onChange={(e) => toggleProduct(product, e.target.checked)}
                  className="size-4 rounded border-slate-300 text-brand-600 focus:ring-brand-600"
                />
                {strings.productNames[product]}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <div>
        <label htmlFor={`${id}message`} className={label}>
          {strings.labels.message}
          <Required />
        </label>
        <textarea
          id={`${id}message`}
          name="message"
          required
          rows={layout === 'education' ? 6 : 5}
          maxLength={FIELD_LIMITS.message}
          placeholder={strings.placeholders.message}
          value={values.message}
          onChange={(e) => set('message', e.target.value)}
          className={`${input} min-h-[120px]`}
        />
      </div>
      {/* The honeypot: off-screen, out of the tab order and hidden from assistive technology, so only bots fill it. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          Homepage
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <div className="flex gap-3">
        <input
          id={`${id}consent`}
          name="privacy_consent"
          type="checkbox"
          aria-required="true"
          checked={values.privacyConsent}
          onChange={(e) => set('privacyConsent', e.target.checked === true)}
          className="mt-1 size-4 flex-none rounded border-slate-300 text-brand-600 focus:ring-brand-600"
        />
        <label htmlFor={`${id}consent`} className="text-sm text-slate-600">
          <Inline text={strings.consent} />
        </label>
      </div>
      <button
        type="submit"
        disabled={!hydrated || submitting || !values.privacyConsent}
        className="inline-flex w-full items-center justify-center rounded-lg bg-brand-600 px-4 py-3 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:bg-slate-400"
      >
        {submitting ? strings.sending : strings.submit}
      </button>
      <p className="text-xs text-slate-500">{strings.footnote}</p>
    </form>
  );
}
