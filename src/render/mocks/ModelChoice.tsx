import Check from 'lucide-react/icons/check';
import type { Page } from '../../schema/page.ts';
import type { ProductMock } from '../../schema/sections/mock.ts';
import { Spark } from './ProductMock.tsx';

type PlatformMock = Extract<ProductMock, { kind: 'platform' }>;

/** The page's platform drawing (its hero's), whose words the model-choice drawing reuses. */
export function platformMockOf(page: Page): PlatformMock | undefined {
  for (const section of page.sections) if ('mock' in section && section.mock?.kind === 'platform') return section.mock;
  return undefined;
}

/**
 * Smart Select at work, drawn for the brand-coloured spotlight tile: the sample question of the page's platform
 * drawing, the automatic choice, and the models with the one that answered marked. Decorative (the tile's text says
 * it), and shown from 1024 px only, where the tile stretches to the rows beside it and had an empty field below its text.
 */
export function ModelChoice({ mock }: { mock: PlatformMock }) {
  const question = mock.messages.find((message) => message.from === 'user');
  return (
    <div aria-hidden="true" data-model-choice="" className="mt-auto hidden pt-6 lg:block">
      <div className="rounded-card bg-white/10 p-3 ring-1 ring-white/15">
        {question && <p className="rounded-lg bg-white px-3 py-2 text-sm text-slate-700 shadow-card">{question.text}</p>}
        <p className="mt-3 flex items-center gap-1.5 text-xs font-semibold text-white">
          <Spark />
          {mock.smartSelect}
          <span className="font-normal text-brand-200">· {mock.smartSelectNote}</span>
        </p>
        <p className="mt-2 flex flex-wrap gap-1.5">
          {mock.models.map((model, i) =>
            i === mock.chosen ? (
              <span
                key={model}
                data-chosen=""
                className="inline-flex items-center gap-1 rounded-full bg-white px-2.5 py-1 text-xs font-semibold text-brand-800"
              >
                <Check className="size-3.5" strokeWidth={3} />
                {model}
              </span>
            ) : (
              <span key={model} className="rounded-full px-2.5 py-1 text-xs text-brand-200 ring-1 ring-white/20 ring-inset">
                {model}
              </span>
            ),
          )}
        </p>
      </div>
    </div>
  );
}
