import type { ReactNode } from 'react';
import { formatPercent } from '../../content/references.ts';
import type { ProductMock as Mock } from '../../schema/sections/mock.ts';
import { Dashboard } from './Dashboard.tsx';

/**
 * Product visuals drawn with HTML and CSS: no image request, no script, text from content in the page's
 * language. The drawing is `aria-hidden`; the figure's caption (visually hidden) is its text alternative.
 * Every row wraps or hides rather than overflows, down to a 360 px screen.
 */
export function ProductMock({ mock, intl, separator, className = '' }: { mock: Mock; intl: string; separator: string; className?: string }) {
  return (
    <figure className={`motion-safe:animate-rise ${className}`} data-mock={mock.kind}>
      <figcaption className="sr-only">{mock.alt}</figcaption>
      {/* A drawing's words are never hyphenated: the build's syllable breaks fell inside compounds ("Durchschnittsge- /
          schwindigkeit", "Quar- / talsende"), and its bubbles and cards are wide enough for every word whole. */}
      <div aria-hidden="true" className="overflow-hidden rounded-panel bg-white text-left shadow-mock ring-1 ring-slate-900/10 hyphens-none">
        <div className="flex items-center gap-1.5 border-b border-slate-200 bg-slate-50 px-3 py-2.5 sm:px-4">
          <span className="size-2.5 rounded-full bg-slate-300" />
          <span className="size-2.5 rounded-full bg-slate-300" />
          <span className="size-2.5 rounded-full bg-slate-300" />
          <span className="mx-auto min-w-0 truncate rounded-md bg-white px-3 py-0.5 text-xs text-slate-500 ring-1 ring-slate-200">{mock.address}</span>
          <span className="w-8" />
        </div>
        {mock.kind === 'platform' && <Platform mock={mock} />}
        {mock.kind === 'chatWidget' && <ChatWidget mock={mock} />}
        {mock.kind === 'learning' && <Learning mock={mock} intl={intl} separator={separator} />}
        {mock.kind === 'dashboard' && <Dashboard mock={mock} />}
      </div>
    </figure>
  );
}

type MessageList = Extract<Mock, { kind: 'platform' }>['messages'];

function Bubble({ from, children, meta }: { from: 'user' | 'assistant'; children: ReactNode; meta?: string }) {
  return from === 'user' ? (
    <div className="ml-auto max-w-[85%] rounded-card rounded-br-sm bg-brand-600 px-3.5 py-2.5 text-sm text-white sm:max-w-[75%] xl:max-w-[90%]">{children}</div>
  ) : (
    <div className="max-w-[92%] sm:max-w-[80%] xl:max-w-[94%]">
      <div className="rounded-card rounded-bl-sm bg-slate-100 px-3.5 py-2.5 text-sm text-slate-800">{children}</div>
      {meta && <p className="mt-1 pl-1 text-xs text-slate-500">{meta}</p>}
    </div>
  );
}

function Messages({ messages }: { messages: MessageList }) {
  return (
    <div className="flex flex-col gap-3">
      {messages.map((m, i) => (
        <Bubble key={i} from={m.from} meta={m.meta}>
          {m.text}
        </Bubble>
      ))}
    </div>
  );
}

function Composer({ placeholder }: { placeholder: string }) {
  return (
    <div className="mt-4 flex items-center gap-2 rounded-control bg-white px-3 py-2 ring-1 ring-slate-200">
      <span className="min-w-0 flex-1 truncate text-sm text-slate-500">{placeholder}</span>
      <span className="inline-flex size-7 flex-none items-center justify-center rounded-full bg-brand-600 text-white">
        <svg viewBox="0 0 20 20" className="size-4" fill="currentColor">
          <path d="M3.1 2.3a.75.75 0 0 1 .8-.1l13.5 7a.75.75 0 0 1 0 1.3l-13.5 7a.75.75 0 0 1-1-1l2.3-6.5L2.9 3.3a.75.75 0 0 1 .2-1Z" />
        </svg>
      </span>
    </div>
  );
}

export const Spark = () => (
  <svg viewBox="0 0 20 20" className="size-3.5 flex-none" fill="currentColor">
    <path d="M10 1.5l1.9 5.1 5.1 1.9-5.1 1.9L10 15.5l-1.9-5.1L3 8.5l5.1-1.9L10 1.5Z" />
  </svg>
);

function Platform({ mock }: { mock: Extract<Mock, { kind: 'platform' }> }) {
  return (
    // The agent list is wide enough for one German compound per line ("Angebotsentwurf" broke inside the word at 11rem):
    // an agent's name is a label in a drawing, never hyphenated ("Besprechungsproto- / koll" read as broken). Beside
    // the hero's text from 1024 to 1279 px the drawing is about 430 px wide: the list is left out there, so the chat
    // keeps room for its bubbles and model chips.
    <div className="grid sm:grid-cols-[14rem_minmax(0,1fr)] lg:grid-cols-1 xl:grid-cols-[14rem_minmax(0,1fr)]">
      <div className="hidden border-r border-slate-200 bg-slate-50/70 p-4 sm:block lg:hidden xl:block">
        <p className="text-xs font-semibold uppercase tracking-wider text-slate-500">{mock.agentsTitle}</p>
        <ul className="mt-3 space-y-1">
          {mock.agents.map((agent, i) => (
            <li
              key={i}
              className={`flex items-center gap-2 rounded-md px-2 py-1.5 text-sm ${i === 0 ? 'bg-white font-medium text-slate-900 shadow-card ring-1 ring-slate-200' : 'text-slate-600'}`}
            >
              <span className={`size-2 flex-none rounded-full ${['bg-brand-500', 'bg-success-600', 'bg-accent-400', 'bg-slate-400', 'bg-brand-300'][i % 5]}`} />
              <span className="min-w-0 break-words hyphens-none">{agent}</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="min-w-0 p-4 sm:p-5">
        {/* The row wraps only between groups of two or three chips (the automatic choice and the first model, then the
            models in pairs), so no chip stands alone on a line (at 768 px "Mistral" did). */}
        <div data-model-picker="" className="flex flex-wrap items-center gap-1.5 border-b border-slate-100 pb-4 xl:pb-3">
          <span className="mr-1 text-xs font-medium text-slate-500">{mock.pickerLabel}</span>
          <span className="flex items-center gap-1.5">
            <span className="inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-brand-600 px-2.5 py-1 text-xs font-semibold text-white">
              <Spark />
              {mock.smartSelect}
              <span className="font-normal text-brand-100">· {mock.smartSelectNote}</span>
            </span>
            {mock.models.slice(0, 1).map((model) => (
              <ModelChip key={model} model={model} />
            ))}
          </span>
          {inPairs(mock.models.slice(1)).map((pair) => (
            <span key={pair.join()} className="flex gap-1.5">
              {pair.map((model) => (
                <ModelChip key={model} model={model} />
              ))}
            </span>
          ))}
        </div>
        <div className="pt-4 xl:pt-3">
          <Messages messages={mock.messages} />
        </div>
        <Composer placeholder={mock.inputPlaceholder} />
      </div>
    </div>
  );
}

function ChatWidget({ mock }: { mock: Extract<Mock, { kind: 'chatWidget' }> }) {
  return (
    <div className="relative bg-gradient-to-br from-slate-50 to-brand-50 p-3 sm:p-8 lg:py-4">
      {/*
       * The customer's website behind the widget, faint: its name, a menu, a headline in its colour, a button and a
       * picture. Grey bars alone read as a page still loading (design review 6 #15). Beside the hero's text the drawing
       * is 440 px wide from 1024 px, too narrow for both: the widget alone there, and from 1280 px (536 px) a narrower
       * widget leaves the sketch 152 px, room for its name and button.
       */}
      <div className="absolute inset-y-0 left-0 right-[25rem] hidden p-8 opacity-50 md:block lg:hidden xl:right-[21rem] xl:block xl:p-6" data-site-sketch="">
        <div className="flex items-center gap-2 overflow-hidden">
          <span className="size-5 flex-none rounded-md bg-gradient-to-br from-brand-400 to-brand-600" />
          <span className="truncate text-sm font-semibold text-slate-600">{mock.address}</span>
        </div>
        <span className="mt-10 block h-5 w-11/12 rounded-md bg-brand-200" />
        <span className="mt-2 block h-5 w-2/3 rounded-md bg-brand-200" />
        <span className="mt-5 block h-2 w-full rounded-full bg-slate-300/80" />
        <span className="mt-2 block h-2 w-5/6 rounded-full bg-slate-300/80" />
        <span className="mt-5 block h-7 w-28 rounded-control bg-brand-500" />
        <span className="relative mt-8 block h-24 w-full overflow-hidden rounded-card bg-gradient-to-br from-brand-100 to-sky-100">
          <span className="absolute right-5 top-4 size-5 rounded-full bg-accent-400" />
          <svg viewBox="0 0 288 64" preserveAspectRatio="none" className="absolute inset-x-0 bottom-0 h-16 w-full text-brand-300" fill="currentColor">
            <path d="M0 64 L70 12 L120 50 L170 4 L288 64 Z" />
          </svg>
        </span>
      </div>
      <div className="relative ml-auto w-full max-w-sm overflow-hidden rounded-card bg-white shadow-raised ring-1 ring-slate-200 xl:max-w-[20rem]">
        <div className="flex items-center gap-3 bg-brand-600 px-4 py-3 text-white">
          <span className="inline-flex size-8 flex-none items-center justify-center rounded-full bg-white/20">
            <Spark />
          </span>
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold">{mock.botName}</p>
            <p className="flex items-center gap-1.5 text-xs text-brand-100">
              <span className="size-1.5 rounded-full bg-success-50" />
              {mock.status}
            </p>
          </div>
        </div>
        <div className="p-4">
          <Messages messages={mock.messages} />
          <div className="mt-3 rounded-card bg-brand-50 p-3 ring-1 ring-brand-100">
            <p className="text-xs font-semibold text-brand-800">{mock.booking.title}</p>
            <div className="mt-2 grid grid-cols-2 gap-1.5">
              {mock.booking.slots.map((slot, i) => (
                <span
                  key={i}
                  className={`rounded-md px-2 py-1.5 text-center text-xs font-medium ${i === mock.booking.chosen ? 'bg-brand-600 text-white' : 'bg-white text-slate-700 ring-1 ring-slate-200'}`}
                >
                  {slot}
                </span>
              ))}
            </div>
            <span className="mt-2 block rounded-md bg-slate-900 px-3 py-1.5 text-center text-xs font-semibold text-white">{mock.booking.confirm}</span>
          </div>
          <Composer placeholder={mock.inputPlaceholder} />
        </div>
      </div>
    </div>
  );
}

function ModelChip({ model }: { model: string }) {
  return <span className="whitespace-nowrap rounded-full bg-white px-2.5 py-1 text-xs font-medium text-slate-700 ring-1 ring-slate-200">{model}</span>;
}

/** Items two by two; an odd last item joins the pair before it, so no group holds one alone. */
function inPairs<T>(items: T[]): T[][] {
  const pairs: T[][] = [];
  for (let i = 0; i < items.length; i += 2) pairs.push(items.slice(i, i + 2));
  const last = pairs.at(-1);
  if (pairs.length > 1 && last?.length === 1) pairs[pairs.length - 2]!.push(...pairs.pop()!);
  return pairs;
}

/** Progress bar widths in tenths, written out so Tailwind finds them (a style attribute would need 'unsafe-inline'). */
/** Inter has no modifier letter ᵉ (U+1D49): a French ordinal such as "4ᵉ" is set with a superscript e in the font. */
const withOrdinalMarks = (text: string): ReactNode[] => text.split(/(\u1D49)/u).map((part, i) => (part === '\u1D49' ? <sup key={i}>e</sup> : part));

const TENTHS = ['w-0', 'w-1/10', 'w-2/10', 'w-3/10', 'w-4/10', 'w-5/10', 'w-6/10', 'w-7/10', 'w-8/10', 'w-9/10', 'w-full'] as const;

function Learning({ mock, intl, separator }: { mock: Extract<Mock, { kind: 'learning' }>; intl: string; separator: string }) {
  return (
    <div className="p-4 sm:p-6">
      <div className="flex flex-wrap items-center gap-2">
        <span className="inline-flex items-center gap-1 rounded-full bg-brand-600 px-2.5 py-1 text-xs font-semibold text-white">
          <Spark />
          {mock.modeLabel}
          {separator}
          {mock.mode}
        </span>
        <span className="rounded-full bg-white px-2.5 py-1 text-xs font-medium text-slate-700 ring-1 ring-slate-200">{withOrdinalMarks(mock.level)}</span>
      </div>
      <p className="mt-4 rounded-card border border-slate-200 bg-slate-50 p-3 text-sm font-medium text-slate-800">{mock.task}</p>
      <div className="mt-4">
        <Messages messages={mock.messages} />
      </div>
      <p className="mt-3 rounded-card bg-accent-100 px-3 py-2 text-xs text-accent-800">{mock.hint}</p>
      <div className="mt-4 flex items-center gap-3 text-xs text-slate-500">
        <span className="flex-none">{mock.progressLabel}</span>
        <span className="h-1.5 flex-1 overflow-hidden rounded-full bg-slate-200">
          <span className={`block h-full rounded-full bg-brand-600 ${TENTHS[Math.round(mock.progress / 10)]}`} />
        </span>
        <span className="flex-none tabular-nums">{formatPercent(mock.progress, intl)}</span>
      </div>
      <Composer placeholder={mock.inputPlaceholder} />
    </div>
  );
}
