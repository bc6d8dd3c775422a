import { useEffect, useId, useRef, useState, type FocusEvent, type FormEvent, type InvalidEvent } from 'react';
import { flushSync } from 'react-dom';
import { EMAIL_PATTERN, FIELD_LIMITS, HONEYPOT_FIELD, PRODUCT_IDS, type ProductIdValue } from '../../../supabase/functions/_shared/contact-fields.ts';
import { contactPayload, type FormValues } from '../../../supabase/functions/_shared/contact-payload.ts';
import { Inline } from '../inline-markup.tsx';
import { notify, withdraw } from '../toaster/notify.tsx';
import type { Notice } from '../toaster/notify.tsx';
import type { ContactFormSettings } from './props.ts';

const input =
  'mt-1 block min-h-11 w-full rounded-control border-0 bg-white px-3 py-2 text-base text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-500 focus:ring-2 focus:ring-brand-600 focus:ring-inset focus:outline-none aria-invalid:ring-2 aria-invalid:ring-danger-600';
const label = 'block text-sm font-medium text-slate-800';
const checkbox = 'size-5 flex-none rounded accent-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** The fields the browser can refuse (`required`, `type=email`); each has its message in the locale. */
type CheckedField = 'name' | 'email' | 'subject' | 'message';

function Required() {
  return (
    <span aria-hidden="true" className="text-danger-600">
      {' '}
      *
    </span>
  );
}

/** The locale's message for what the browser refuses in this field; undefined while it accepts it. */
function refusal(control: HTMLInputElement | HTMLTextAreaElement, field: CheckedField, errors: ContactFormSettings['strings']['errors']): string | undefined {
  if (control.validity.valid) return undefined;
  if (field === 'email' && !control.validity.valueMissing) return errors.emailInvalid;
  return errors[field];
}

function FieldError({ id, text }: { id: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm text-danger-600" data-field-error="">
      <svg viewBox="0 0 20 20" aria-hidden="true" className="mt-0.5 size-4 flex-none" fill="currentColor">
        <path
          fillRule="evenodd"
          d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-8-5a.75.75 0 0 1 .75.75v4.5a.75.75 0 0 1-1.5 0v-4.5A.75.75 0 0 1 10 5Zm0 10a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
          clipRule="evenodd"
        />
      </svg>
      {text}
    </p>
  );
}

function Spinner() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" fill="none">
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.35" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/**
 * Focuses the form's outcome (the confirmation panel, the failure message) and brings it to the bottom of the
 * window, above the lane the toast comes up in (its scroll-margin, styles.css): the toast then lies on the
 * room the contact card leaves below itself while an outcome shows, not on the page's text or a control.
 */
function showOutcome(el: HTMLElement | null) {
  el?.focus({ preventScroll: true });
  el?.scrollIntoView({ block: 'end', behavior: 'instant' });
}

function emptyValues(preset: readonly ProductIdValue[]): FormValues {
  return { name: '', email: '', company: '', products: [...preset], subject: '', message: '', privacyConsent: false };
}

/**
 * The values already in the server-rendered form when the island wakes: a visitor may type before the
 * script has loaded, and a controlled input hydrated with empty state would wipe what they typed.
 * Read during the hydration render (the DOM is still the server's), by the ids useId gives both renders.
 */
function valuesOnPage(id: string, preset: readonly ProductIdValue[]): FormValues {
  const empty = emptyValues(preset);
  const form = typeof document === 'undefined' ? null : (document.getElementById(`${id}message`) as HTMLTextAreaElement | null)?.form;
  if (!form) return empty;
  const text = (name: string) => {
    const control = form.elements.namedItem(name);
    return control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement ? control.value : '';
  };
  const boxes = [...form.querySelectorAll<HTMLInputElement>('input[type=checkbox][name="products"]')];
  const consent = form.elements.namedItem('privacy_consent');
  return {
    name: text('name'),
    email: text('email'),
    company: text('company'),
    subject: text('subject'),
    message: text('message'),
    products: boxes.length ? boxes.filter((box) => box.checked).map((box) => box.value as ProductIdValue) : empty.products,
    privacyConsent: consent instanceof HTMLInputElement && consent.checked,
  };
}

/**
 * One contact form, configured per variant and locale (SPEC §3–§5, §8): idle → submitting → success |
 * failure. Field names are the payload keys. Nothing is sent without consent; a failure keeps every value.
 * The browser still validates (`required`, `type=email`, SPEC §5); only its bubbles are replaced: each
 * `invalid` event is cancelled and the field's message from the locale shows under it, the first refused
 * field takes focus. A message also shows when a field the visitor has typed in is left refused (blur)
 * and goes as soon as the field is accepted.
 */
// eslint-disable-next-line max-lines-per-function -- One form's states (idle, submitting, success, failure) and its markup in document order, which all read the same values and errors.
export function ContactFormView({ strings, shape, layout, presetProducts, source, backend, email, success, consentLinks }: ContactFormSettings) {
  const id = useId();
  const [values, setValues] = useState(() => valuesOnPage(id, presetProducts));
  const [errors, setErrors] = useState<Partial<Record<CheckedField, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState(false);
  // What was sent, recapped in the confirmation (the form is emptied for another message).
  const [recap, setRecap] = useState<Pick<FormValues, 'name' | 'email' | 'message'>>();
  // A failed send leaves a message in the form until the next try (the toast goes after a few seconds).
  const [failed, setFailed] = useState(false);
  // Where focus goes when the outcome shows: the confirmation panel or the failure message.
  const outcome = useRef<HTMLDivElement>(null);
  const form = useRef<HTMLFormElement>(null);
  // Until hydrated the button stays disabled: a native submit would put the fields into the URL.
  const [hydrated, setHydrated] = useState(false);
  // Repeat submits in the same tick (a double click) must not send twice; state updates are too late.
  const busy = useRef(false);
  // This form's toasts still up: a new send takes them down, so an old failure cannot stay behind its outcome.
  const shownToasts = useRef<(string | number)[]>([]);
  const toastInPage = (kind: 'success' | 'error', notice: Notice, options?: { inPage: boolean }) =>
    void notify(kind, notice, strings.toasterLabel, options).then((toastId) => shownToasts.current.push(toastId));
  // Fields the visitor has typed in: only those get a message on blur (tabbing through is no mistake).
  const typedIn = useRef(new Set<CheckedField>());
  // One refused submit fires `invalid` on every refused field; focus goes to the first one once.
  const focusQueued = useRef(false);
  // Whether a pointer is pressed: a blur caused by pressing on another control waits for the press to end,
  // so a message appearing above that control cannot move it away from under the pointer mid-click.
  const pressing = useRef(false);
  useEffect(() => {
    setHydrated(true);
    const down = () => (pressing.current = true);
    const up = () => (pressing.current = false);
    document.addEventListener('pointerdown', down, true);
    document.addEventListener('pointerup', up, true);
    document.addEventListener('pointercancel', up, true);
    return () => {
      document.removeEventListener('pointerdown', down, true);
      document.removeEventListener('pointerup', up, true);
      document.removeEventListener('pointercancel', up, true);
    };
  }, []);

  const has = (field: 'company' | 'products' | 'subject') => shape.fields.includes(field) && !(field in (shape.fixed ?? {}));
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const toggleProduct = (product: ProductIdValue, on: boolean) =>
    setValues((v) => ({ ...v, products: on ? [...v.products, product] : v.products.filter((p) => p !== product) }));
  const showRefusal = (field: CheckedField, control: HTMLInputElement | HTMLTextAreaElement) =>
    setErrors((e) => ({ ...e, [field]: refusal(control, field, strings.errors) }));

  function refused(field: CheckedField, control: HTMLInputElement | HTMLTextAreaElement) {
    showRefusal(field, control);
    if (focusQueued.current) return;
    focusQueued.current = true;
    // After the browser has fired `invalid` on every field of this submit, so the first in page order wins.
    setTimeout(() => {
      focusQueued.current = false;
      control.form?.querySelector<HTMLElement>('input:invalid, textarea:invalid')?.focus();
    });
  }

  /** What every checked field takes: the browser's checks stay, its bubble becomes the inline message. */
  const checked = (field: CheckedField) => {
    const errorId = `${id}${field}-error`;
    return {
      'aria-invalid': errors[field] ? (true as const) : undefined,
      'aria-describedby': errors[field] ? errorId : undefined,
      onInvalid: (e: InvalidEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        e.preventDefault();
        refused(field, e.currentTarget);
      },
      onBlur: (e: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        if (!typedIn.current.has(field) && !errors[field]) return;
        const control = e.currentTarget;
        // After the click that moved focus away has landed (pointerup, then click, then this).
        if (pressing.current) document.addEventListener('pointerup', () => setTimeout(() => showRefusal(field, control)), { once: true });
        else showRefusal(field, control);
      },
      onInput: (e: FormEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        typedIn.current.add(field);
        if (errors[field]) showRefusal(field, e.currentTarget);
      },
    };
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    // Read from the DOM, not React state: bots fill inputs without firing React's change events.
    const trap = new FormData(event.currentTarget).get(HONEYPOT_FIELD);
    if (!values.privacyConsent) {
      toastInPage('error', strings.notices.consentMissing);
      return;
    }
    // `required` lets a field of only spaces through; the backend does not (SPEC §5: required means
    // something typed). Empty such fields so the browser refuses them as it does empty ones (and their
    // messages show), instead of a send failure the visitor cannot explain.
    const form = event.currentTarget;
    const blank = (['name', 'subject', 'message'] as const).filter(
      (key) => (key !== 'subject' || has('subject')) && values[key] !== '' && values[key].trim() === '',
    );
    if (blank.length > 0) {
      flushSync(() => setValues((v) => ({ ...v, ...Object.fromEntries(blank.map((key) => [key, ''])) })));
      form.reportValidity();
      return;
    }
    busy.current = true;
    withdraw(shownToasts.current.splice(0));
    setSubmitting(true);
    setFailed(false);
    try {
      const { sendContactRequest } = await import('./send.ts');
      const error = await sendContactRequest({ backend, source }, contactPayload(shape, { ...values, homepage: typeof trap === 'string' ? trap : '' }));
      if (error) throw error;
      setValues(emptyValues(presetProducts));
      setErrors({});
      typedIn.current.clear();
      flushSync(() => {
        setRecap({ name: values.name.trim(), email: values.email.trim(), message: values.message.trim() });
        setSent(true);
      });
      showOutcome(outcome.current);
      toastInPage('success', success ?? strings.notices.success, { inPage: true });
    } catch (error) {
      if (strings.notices.logErrors) console.error('contact request failed', error);
      flushSync(() => setFailed(true));
      showOutcome(outcome.current);
      toastInPage('error', strings.notices.error, { inPage: true });
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
        // A dot in the domain on top of type=email: `max@firma` is refused here as the backend refuses it.
        pattern={name === 'email' ? EMAIL_PATTERN : undefined}
        placeholder={strings.placeholders[name]}
        value={values[name]}
        onChange={(e) => set(name, e.target.value)}
        className={input}
        {...(name === 'company' ? {} : checked(name))}
      />
      {name !== 'company' && <FieldError id={`${id}${name}-error`} text={errors[name]} />}
    </div>
  );

  const [sentBefore = '', sentAfter = ''] = strings.sent.next.split('{email}');
  // The punctuation right after the address stays on its line.
  const [, sentMark = '', sentRest = ''] = /^(\S*)([^]*)$/.exec(sentAfter) ?? [];
  const hintId = `${id}consent-hint`;
  // Shown in the server's HTML and the hydrating render alike (a box ticked before hydration hides it after).
  const waitingForConsent = !submitting && (!hydrated || !values.privacyConsent);
  // The mailto fallback carries what was typed, so writing by e-mail loses nothing.
  const mailto = `mailto:${email}?body=${encodeURIComponent(values.message)}`;
  const [beforeEmail = '', afterEmail = ''] = strings.failure.text.split('{email}');
  return (
    <>
      {/* The outcome takes focus and is brought into view above the toast's lane (showOutcome); the toast's live region announces it. */}
      {sent && recap && (
        // Sized to what it says and read from the top (design reviews 10a #3, 10b #1: the form's kept height left a
        // mostly empty box); in a contact card the card takes its tint (styles.css). Its words are not the toast's.
        <div
          ref={outcome}
          tabIndex={-1}
          className="rounded-xl bg-success-50 p-6 text-success-800 ring-1 ring-success-600/30 ring-inset outline-none"
          data-form-sent=""
        >
          <p className="flex items-center gap-3 text-lg font-semibold">
            <svg viewBox="0 0 20 20" aria-hidden="true" className="size-7 flex-none text-success-600" fill="currentColor">
              <path
                fillRule="evenodd"
                d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.86-9.86a.75.75 0 0 0-1.22-.88l-3.48 4.83-1.63-1.63a.75.75 0 1 0-1.06 1.06l2.25 2.25a.75.75 0 0 0 1.14-.09l4-5.54Z"
                clipRule="evenodd"
              />
            </svg>
            {strings.sent.title}
          </p>
          <p className="mt-2 text-slate-700" data-form-sent-next="">
            {sentBefore}
            {/* One box, so the address moves to its own line whole ("gate-" is a break opportunity) and splits only where longer than a line. */}
            <span className="inline-block max-w-full wrap-anywhere">
              <strong className="font-semibold text-slate-900">{recap.email}</strong>
              {sentMark}
            </span>
            {sentRest}
          </p>
          <figure className="mt-4 rounded-lg bg-white p-4 text-sm text-slate-700 ring-1 ring-success-600/20 ring-inset" data-form-sent-recap="">
            <blockquote className="line-clamp-4 whitespace-pre-line">{recap.message}</blockquote>
            <figcaption className="mt-2 font-medium text-slate-900">{recap.name}</figcaption>
          </figure>
          <button
            type="button"
            onClick={() => {
              flushSync(() => setSent(false));
              form.current?.querySelector<HTMLElement>('input, textarea')?.focus();
            }}
            className="mt-5 min-h-11 rounded-control bg-white px-4 text-sm font-semibold ring-1 ring-success-600/40 ring-inset"
          >
            {strings.sendAnother}
          </button>
        </div>
      )}
      <form ref={form} hidden={sent} onSubmit={submit} className="@container space-y-5" aria-busy={submitting} data-contact-form={source.form}>
        {/* An odd last field (the school's) takes the whole row: half a row beside nothing read as a field missing. */}
        <div className="grid gap-5 @xl:grid-cols-2 @xl:[&>:last-child:nth-child(odd)]:col-span-2">
          {field('name', true, { autoComplete: 'name' })}
          {field('email', true, { type: 'email', autoComplete: 'email' })}
          {has('company') && field('company', false, { autoComplete: 'organization' })}
          {has('subject') && field('subject', true, { autoComplete: 'off' })}
        </div>
        {has('products') && (
          <fieldset>
            <legend className={label}>{strings.labels.products}</legend>
            {/* The five interests three to a row (3 + 2): in two columns the fifth stood alone on its row. */}
            <div className="mt-1 grid gap-x-4 @xl:grid-cols-3">
              {PRODUCT_IDS.map((product) => (
                <label key={product} className="flex min-h-11 items-center gap-3 text-sm text-slate-700">
                  <input
                    type="checkbox"
                    name="products"
                    value={product}
                    checked={values.products.includes(product)}
                    onChange={(e) => toggleProduct(product, e.target.checked)}
                    className={checkbox}
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
            {...checked('message')}
          />
          <FieldError id={`${id}message-error`} text={errors.message} />
        </div>
        {/* The honeypot: off-screen, out of the tab order and hidden from assistive technology, so only bots fill it. */}
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label>
            {strings.honeypot}
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
            className={`${checkbox} mt-0.5`}
          />
          {/* SPEC fixes the consent's words: set a step under the fields (the note below is a step smaller again), it
              takes 10 lines at 360 px, not 12, and the checkbox's row reads as one control. */}
          <label htmlFor={`${id}consent`} className="text-[0.8125rem] leading-5 text-slate-600">
            <Inline text={strings.consent} language={(href) => consentLinks?.[href]} />
          </label>
        </div>
        <p className="text-xs text-slate-600">{strings.footnote}</p>
        {/* Waiting for consent: the button is disabled on purpose (SPEC §4), drawn as waiting, not broken, and says why. */}
        <div>
          <button
            type="submit"
            disabled={!hydrated || submitting || !values.privacyConsent}
            aria-describedby={waitingForConsent ? hintId : undefined}
            data-sending={submitting ? '' : undefined}
            className={`inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-lg px-4 py-3 text-base font-semibold shadow-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 motion-reduce:transition-none ${
              submitting
                ? 'cursor-progress bg-brand-700 text-white'
                : 'bg-brand-600 text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600 disabled:ring-1 disabled:ring-slate-300'
            }`}
          >
            {submitting && <Spinner />}
            {submitting ? strings.sending : strings.submit}
          </button>
          {waitingForConsent && (
            // A control, not just words: in the chat demo's sheet the checkbox may be scrolled out of view above the send row.
            <p id={hintId} className="mt-1 text-center text-sm text-balance text-slate-600 sm:mt-2" data-consent-hint="">
              <button
                type="button"
                onClick={() => {
                  const box = document.getElementById(`${id}consent`);
                  box?.focus({ preventScroll: true });
                  box?.scrollIntoView({ block: 'center', behavior: 'instant' });
                }}
                className="inline-flex min-h-11 w-full items-center justify-center underline decoration-slate-400 sm:min-h-6 underline-offset-2 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                {strings.consentHint}
              </button>
            </p>
          )}
        </div>
        {/* Last in the form, under the button that was pressed: below it the toast's lane (styles.css). */}
        {failed && (
          <div
            ref={outcome}
            tabIndex={-1}
            className="flex items-start gap-3 rounded-xl bg-danger-50 p-4 text-sm text-danger-800 ring-1 ring-danger-600/30 ring-inset outline-none"
            data-form-failed=""
          >
            <svg viewBox="0 0 20 20" aria-hidden="true" className="mt-0.5 size-5 flex-none text-danger-600" fill="currentColor">
              <path
                fillRule="evenodd"
                d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-8-5a.75.75 0 0 1 .75.75v4.5a.75.75 0 0 1-1.5 0v-4.5A.75.75 0 0 1 10 5Zm0 10a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
                clipRule="evenodd"
              />
            </svg>
            <p>
              <strong className="block font-semibold">{strings.failure.title}</strong>
              {beforeEmail}
              {/* The address on one line (review 7a #14: "service@ki- / zentrale.de" at 360 px); 22 characters fit any phone. */}
              <a href={mailto} className="font-semibold whitespace-nowrap underline underline-offset-2">
                {email}
              </a>
              {afterEmail}
            </p>
          </div>
        )}
      </form>
    </>
  );
}
