import { Island } from './Island.tsx';
import { chatDemoFormSettings } from './contact-forms.ts';
import type { RenderContext } from './context.ts';
import { CookieBanner } from './layout/CookieBanner.tsx';
import { Footer } from './layout/Footer.tsx';
import { Header } from './layout/Header.tsx';
import { PreviewLabel } from './PreviewLabel.tsx';
import { Shared } from './shared-parts.tsx';
import { SectionView } from './sections/index.tsx';
import { TrailingClaimNotes } from './sections/ClaimNotes.tsx';

/** The body of one route: header, sections in content order, footer, the page's islands and the cookie banner. */
export function Page({ ctx }: { ctx: RenderContext }) {
  const { page, preview } = ctx.entry;
  const label = { strings: ctx.strings.publishing, intl: ctx.strings.intl };
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-700 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {ctx.strings.skipToContent}
      </a>
      <Header variant={page.header} ctx={ctx} />
      {/* The header sticks to the top; a hero starts under it (its backdrop shows through the header) and clears it itself. */}
      <main id="main" tabIndex={-1} className={`outline-none ${page.sections[0]?.type === 'hero' ? '-mt-16' : ''}`}>
        {page.sections.map((section, i) => {
          const why = preview?.sections[i];
          const view = <SectionView key={i} section={section} ctx={ctx} level={i === 0 ? 1 : 2} headingId={`${section.id ?? `${section.type}-${i}`}-title`} />;
          return why ? [<PreviewLabel key={`preview-${i}`} why={why} {...label} />, view] : view;
        })}
        <TrailingClaimNotes ctx={ctx} />
      </main>
      <Footer ctx={ctx} variant={page.header} />
      {page.chatDemo && (
        <Island name="chat-demo" instance="chat-demo" hydrate="interaction" props={{ strings: ctx.strings.chatDemo, form: chatDemoFormSettings(ctx) }} />
      )}
      {preview?.page && <PreviewLabel why={preview.page} {...label} page />}
      <Shared owner={ctx.strings.cookieBanner} part="cookie-banner">
        <CookieBanner strings={ctx.strings.cookieBanner} />
      </Shared>
    </>
  );
}
