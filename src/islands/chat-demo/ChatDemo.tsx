import { useId } from 'react';
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

/**
 * The floating chat demo (SPEC §2): a round button bottom right opens a modal panel with one sample
 * question, a canned answer and the mini contact form. A static demo, not a live chat. The panel is in the
 * page from the start, hidden: the page-load script opens and closes it (dialog.ts), so a tap answers before
 * React has loaded; React hydrates the mini form.
 */
export default function ChatDemo({ strings, form }: ChatDemoProps) {
  const titleId = useId();

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded="false"
        aria-label={strings.open}
        // Below 1024 px the header carries the chat entry instead (render/layout/Header.tsx). From there it floats in
        // the lane the page's container leaves it (styles.css, `px-page`): its size and place are that lane's.
        className="chat-launcher fixed right-4 bottom-4 z-40 hidden size-12 items-center lg:flex justify-center rounded-full bg-brand-600 text-white shadow-lg transition hover:scale-105 hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <ChatBubbleIcon className="size-6" />
      </button>
      <div
        data-chat-backdrop=""
        className="fixed inset-0 z-50 hidden items-end justify-center bg-slate-950/50 p-0 sm:items-center sm:p-6 [html[data-chat-demo-open]_&]:flex"
      >
        <div
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          className="flex max-h-[90dvh] w-full max-w-lg flex-col overflow-hidden rounded-t-2xl bg-white shadow-2xl sm:rounded-2xl"
        >
          <div className="flex items-center justify-between bg-brand-700 px-5 py-4 text-white">
            <h2 id={titleId} className="text-lg font-semibold">
              {strings.title}
            </h2>
            <button
              type="button"
              data-autofocus=""
              data-chat-close=""
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
    </>
  );
}
