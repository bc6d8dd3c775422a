import { Icon } from '../icons.tsx';
import { Inline } from '../rich-text.tsx';
import { CheckList, SectionHeading, SectionShell } from '../ui.tsx';
import type { SectionProps } from './props.ts';

const grid = { 2: 'md:grid-cols-2', 3: 'md:grid-cols-2 lg:grid-cols-3', 4: 'md:grid-cols-2 lg:grid-cols-4' } as const;

export function Features({ section, level, headingId }: SectionProps<'features'>) {
  const dark = section.tone === 'dark' || section.tone === 'brand';
  return (
    <SectionShell id={section.id} tone={section.tone} labelledBy={headingId}>
      <SectionHeading id={headingId} level={level} eyebrow={section.eyebrow} title={section.title} lead={section.lead} dark={dark} />
      <ul className={`grid gap-6 ${grid[section.columns]}`}>
        {section.items.map((item, i) => (
          <li key={i} className={`rounded-2xl p-6 ${dark ? 'bg-white/5 ring-1 ring-white/10' : 'bg-white shadow-sm ring-1 ring-slate-200'}`}>
            {item.icon && (
              <span className={`inline-flex size-11 items-center justify-center rounded-xl ${dark ? 'bg-brand-500/20 text-brand-200' : 'bg-brand-50 text-brand-700'}`}>
                <Icon name={item.icon} />
              </span>
            )}
            <h3 className={`mt-4 text-lg font-semibold ${dark ? 'text-white' : 'text-slate-900'}`}>{item.title}</h3>
            <p className={`mt-2 ${dark ? 'text-slate-300' : 'text-slate-600'}`}><Inline text={item.text} /></p>
            {item.points.length > 0 && <div className={`mt-4 text-sm ${dark ? 'text-slate-300' : 'text-slate-700'}`}><CheckList items={item.points} dark={dark} /></div>}
          </li>
        ))}
      </ul>
    </SectionShell>
  );
}
