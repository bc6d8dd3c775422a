import type { ProductMock } from '../../schema/sections/mock.ts';

type Mock = Extract<ProductMock, { kind: 'dashboard' }>;
type Row = Mock['leads']['items'][number];

/**
 * The chatbot dashboard as a customer sees it: a sidebar, key figures, a bar chart, the latest conversations,
 * the captured leads and the next booking. On phones the sidebar goes and the cards stack; nothing overflows.
 */
export function Dashboard({ mock }: { mock: Mock }) {
  return (
    <div className="grid grid-cols-1 bg-slate-50/60 lg:grid-cols-[12.5rem_minmax(0,1fr)]">
      <Sidebar nav={mock.nav} />
      <div className="min-w-0 space-y-3 p-3 sm:space-y-4 sm:p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-base font-semibold text-slate-900">{mock.heading}</p>
          <span className="inline-flex items-center gap-1.5 rounded-md bg-white px-2.5 py-1 text-xs font-medium text-slate-600 ring-1 ring-slate-200">
            <CalendarIcon />
            {mock.period}
          </span>
        </div>
        <div className="grid grid-cols-2 gap-2 max-sm:[&>:nth-child(n+3)]:hidden sm:grid-cols-4 sm:gap-3">
          {mock.stats.map((stat, i) => (
            <div key={i} className="rounded-card bg-white p-3 ring-1 ring-slate-200 sm:p-4">
              <p className="text-xs font-medium text-slate-500">{stat.label}</p>
              <p className="mt-1 text-xl font-bold tracking-tight text-slate-900 tabular-nums sm:text-2xl">{stat.value}</p>
              {stat.note && <p className="mt-0.5 text-xs font-medium text-success-600">{stat.note}</p>}
            </div>
          ))}
        </div>
        <div className="grid grid-cols-1 gap-3 sm:gap-4 sm:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <Chart chart={mock.chart} />
          <Booking booking={mock.booking} />
        </div>
        <div className="grid grid-cols-1 gap-3 sm:gap-4 md:grid-cols-2">
          <List title={mock.conversations.title} items={mock.conversations.items} avatars />
          <List title={mock.leads.title} items={mock.leads.items} />
        </div>
      </div>
    </div>
  );
}

function Sidebar({ nav }: { nav: Mock['nav'] }) {
  return (
    <div className="hidden border-r border-slate-200 bg-white p-3 lg:block">
      <ul className="space-y-1">
        {nav.map((item, i) => (
          <li
            key={i}
            className={`flex items-center gap-2.5 rounded-md px-2.5 py-2 text-sm ${i === 0 ? 'bg-brand-50 font-semibold text-brand-700' : 'text-slate-600'}`}
          >
            <span className={`size-2 flex-none rounded-sm ${i === 0 ? 'bg-brand-600' : 'bg-slate-300'}`} />
            <span className="min-w-0 break-words">{item}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Bars scaled to the highest value; the last (today) in the action colour. Sizes are SVG attributes, not styles (CSP). */
function Chart({ chart }: { chart: Mock['chart'] }) {
  const max = Math.max(1, ...chart.values);
  const step = 10;
  const height = 48;
  return (
    <div className="rounded-card bg-white p-3 ring-1 ring-slate-200 sm:p-4">
      <p className="text-sm font-semibold text-slate-900">{chart.title}</p>
      <svg data-chart="" viewBox={`0 0 ${chart.values.length * step} ${height}`} preserveAspectRatio="none" className="mt-3 block h-24 w-full sm:h-28">
        {[0.25, 0.5, 0.75].map((f) => (
          <line key={f} x1="0" x2={chart.values.length * step} y1={height * f} y2={height * f} className="stroke-slate-100" strokeWidth="0.4" />
        ))}
        {chart.values.map((v, i) => {
          const h = Math.max(1.5, (v / max) * (height - 2));
          const last = i === chart.values.length - 1;
          return <rect key={i} x={i * step + 2} y={height - h} width={step - 4} height={h} rx="1.2" className={last ? 'fill-brand-600' : 'fill-brand-200'} />;
        })}
      </svg>
      <div className="mt-1.5 flex text-center text-xs text-slate-500">
        {chart.labels.map((label, i) => (
          <span key={i} className="min-w-0 flex-1">
            {label}
          </span>
        ))}
      </div>
    </div>
  );
}

function Booking({ booking }: { booking: Mock['booking'] }) {
  return (
    <div className="flex flex-col rounded-card bg-white p-3 ring-1 ring-slate-200 sm:p-4">
      <p className="text-sm font-semibold text-slate-900">{booking.title}</p>
      <div className="mt-3 flex flex-1 items-start gap-3">
        <span className="flex w-12 flex-none flex-col overflow-hidden rounded-control text-center ring-1 ring-brand-100">
          <span className="bg-brand-600 py-0.5 text-xs font-semibold text-white">{booking.weekday}</span>
          <span className="py-1 text-xl font-bold text-slate-900 tabular-nums">{booking.day}</span>
        </span>
        <div className="min-w-0">
          <p className="text-sm font-semibold text-slate-900 tabular-nums">{booking.time}</p>
          <p className="text-sm text-slate-700">{booking.name}</p>
          <p className="text-xs text-slate-500">{booking.topic}</p>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3">
        {booking.source && <span className="text-xs text-slate-500">{booking.source}</span>}
        <Tag tone="success">{booking.status}</Tag>
      </div>
    </div>
  );
}

function List({ title, items, avatars = false }: { title: string; items: Row[]; avatars?: boolean }) {
  return (
    <div className="rounded-card bg-white p-3 ring-1 ring-slate-200 sm:p-4">
      <p className="text-sm font-semibold text-slate-900">{title}</p>
      <ul className="mt-2 divide-y divide-slate-100 max-sm:[&>:nth-child(n+3)]:hidden">
        {items.map((row, i) => (
          <li key={i} className="flex items-center gap-3 py-2.5">
            {avatars && (
              <span className="inline-flex size-8 flex-none items-center justify-center rounded-full bg-brand-50 text-xs font-semibold text-brand-700">
                {initials(row.name)}
              </span>
            )}
            <div className="min-w-0 flex-1">
              <p className="flex items-baseline justify-between gap-2">
                <span className="min-w-0 text-sm font-medium text-slate-900">{row.name}</span>
                {row.meta && <span className="flex-none text-xs max-sm:hidden text-slate-500 tabular-nums">{row.meta}</span>}
              </p>
              <p className="text-xs text-slate-600">{row.text}</p>
            </div>
            {row.status && <Tag tone={row.highlight ? 'accent' : 'brand'}>{row.status}</Tag>}
          </li>
        ))}
      </ul>
    </div>
  );
}

const TAG_TONES = {
  brand: 'bg-brand-50 text-brand-700',
  accent: 'bg-accent-100 text-accent-800',
  success: 'bg-success-50 text-success-800',
} as const;

function Tag({ tone, children }: { tone: keyof typeof TAG_TONES; children: string }) {
  return <span className={`flex-none rounded-full px-2 py-0.5 text-xs font-medium ${TAG_TONES[tone]}`}>{children}</span>;
}

/** "Laura M." → "LM": the avatar of a conversation row. */
function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

const CalendarIcon = () => (
  <svg viewBox="0 0 20 20" className="size-3.5" fill="none" stroke="currentColor" strokeWidth="1.6">
    <rect x="3" y="4.5" width="14" height="12" rx="2" />
    <path d="M3 8.5h14M7 3v3M13 3v3" />
  </svg>
);
