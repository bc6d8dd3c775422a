import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { LocaleStrings } from '../../schema/locale.ts';
import { ContactFormView } from '../contact-form/ContactFormView.tsx';
import type { ContactFormSettings } from '../contact-form/props.ts';
import { ChatBubbleIcon } from './ChatBubbleIcon.tsx';

export interface ChatDemoProps {
  strings: LocaleStrings['chatDemo'];
  /** The mini form: products fixed to chatbot, subject fixed, no subject field (SPEC §3). */
  form: ContactFormSettings;
}

/**
 * The canned answer as a chat shows it: a few short bubbles, one sentence each, the rest in the last. A
 * sentence ends at . ! ? or … after a word of three letters or more and before a capital letter, so an
 * abbreviation ("z. B. Termine") stays whole.
 */
export function bubbles(answer: string, most = 3): string[] {
  const sentences = answer.split(/(?<=\p{L}{3}[.!?…])\s+(?=\p{Lu})/u);
  return [...sentences.slice(0, most - 1), sentences.slice(most - 1).join(' ')].filter((part) => part !== '');
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The floating chat demo (SPEC §2): a round button bottom right opens a modal panel with one sample
 * question, a canned answer and the mini contact form. A static demo, not a live chat. While open the
 * page does not scroll and focus stays inside; close button, backdrop click and Escape close it and
 * focus returns to the button.
 */
// eslint-disable-next-line max-lines-per-function -- One modal: its open state, focus trap, scroll lock and markup read the same refs and flags.
export default function ChatDemo({ strings, form }: ChatDemoProps) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    if (!open) return;
    const root = document.documentElement;
    const previous = root.style.overflow;
    root.style.overflow = 'hidden';
    panel.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    // On phones this button is not shown and the header's chat entry opened the demo: focus returns there.
    const entries = [...document.querySelectorAll<HTMLElement>('[data-chat-open]')];
    for (const entry of entries) entry.setAttribute('aria-expanded', 'true');
    const back = [trigger.current, ...entries].find((el) => el?.checkVisibility());
    return () => {
      document.removeEventListener('keydown', onKey);
      for (const entry of entries) entry.setAttribute('aria-expanded', 'false');
      root.style.overflow = previous;
      back?.focus();
    };
  }, [open, close]);

  // Tab and Shift+Tab cycle inside the dialog.
  function trapFocus(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Tab' || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={strings.open}
        onClick={() => setOpen(true)}
        // Below 1024 px the header carries the chat entry instead (render/layout/Header.tsx): nothing floats on phones
        // and tablets, where the button's steps aside along the text made it blink (design reviews 7b N2, 9b N2).
        className="chat-launcher fixed right-5 bottom-5 z-40 hidden size-14 items-center lg:flex justify-center rounded-full bg-brand-600 text-white shadow-lg transition hover:scale-105 hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <ChatBubbleIcon className="size-7" />
      </button>
      {open && (
        <div
          data-chat-backdrop=""
          className="fixed inset-0 z-50 flex items-end justify-center bg-slate-950/50 p-0 sm:items-center sm:p-6"
          onClick={(event) => {
            if (event.target === event.currentTarget) close();
          }}
        >
          <div
            ref={panel}
            role="dialog"
            aria-modal="true"
            aria-labelledby={titleId}
            onKeyDown={trapFocus}
            className="flex max-h-[90dvh] w-full max-w-lg flex-col overflow-hidden rounded-t-2xl bg-white shadow-2xl sm:rounded-2xl"
          >
            <div className="flex items-center justify-between bg-brand-700 px-5 py-4 text-white">
              <h2 id={titleId} className="text-lg font-semibold">
                {strings.title}
              </h2>
              <button
                type="button"
                data-autofocus=""
                onClick={close}
                aria-label={strings.close}
                className="rounded-md p-1 hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-white"
              >
                <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                  <path d="M18 6 6 18M6 6l12 12" />
                </svg>
              </button>
            </div>
            <div className="chat-demo-body min-h-0 flex-1 space-y-3 overflow-y-auto px-5 pt-5">
              <p className="ml-auto max-w-[85%] rounded-2xl rounded-br-sm bg-brand-600 px-4 py-3 text-sm text-white">{strings.question}</p>
              {bubbles(strings.answer).map((part, i) => (
                <p key={i} className="max-w-[85%] rounded-2xl rounded-bl-sm bg-slate-100 px-4 py-2.5 text-sm leading-relaxed text-slate-800">
                  {part}
                </p>
              ))}
              <p className="pt-2 text-sm font-medium text-slate-900">{strings.formIntro}</p>
              <ContactFormView {...form} />
            </div>
          </div>
        </div>
      )}
    </>
  );
}
