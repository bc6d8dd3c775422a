import { createContext, useContext, type ReactElement } from 'react';
import { hasClaimMarks } from './claim-notes.ts';
import type { ElementSource, SourceMarks } from './source-marks.tsx';

/**
 * Parts of a page that thousands of pages show alike (a locale's footer columns, its cookie banner, a header's menu)
 * are rendered once per build and spliced into each page: React renders a placeholder in their place, and the part's
 * finished HTML (hyphenated, its element marks renumbered into the page's) replaces it. A part is named by an object
 * it renders from and a key that holds everything else it reads; the output is the same bytes as rendering it in
 * every page (tests/unit/render/shared-parts.test.tsx renders every page both ways).
 */

/** A part as rendered once: its HTML cut at its element marks, and the sources those marks name. */
interface Fragment {
  /** The HTML before the first mark. */
  start: string;
  /** Each mark's number in `sources` and the HTML after it, up to the next mark. */
  marked: { mark: number; after: string }[];
  sources: ElementSource[];
}

/** What the page's render asked for: a part per placeholder number, and the elements to render the missing ones. */
interface Request {
  owner: object;
  key: string;
  element: ReactElement;
}

/** Placeholders are elements no component writes (React escapes `<` in text and attributes). */
const PLACEHOLDER = /<site-shared data-n="(\d+)"><\/site-shared>/g;
const MARK = / data-site-src="(\d+)"/g;

/** The parts of one build: each model gets its own (a `site dev` rebuild makes a new one). */
const builds = new WeakMap<object, WeakMap<object, Map<string, Fragment | 'refused'>>>();

export class SharedParts {
  private readonly requests: Request[] = [];
  private readonly parts: WeakMap<object, Map<string, Fragment | 'refused'>>;

  /**
   * `model`: the build's site; `lang`: the page's language, which the finished HTML's hyphens depend on; `share`:
   * false renders every part in place.
   */
  constructor(
    model: object,
    private readonly lang: string,
    private readonly share = true,
  ) {
    let parts = builds.get(model);
    if (!parts) builds.set(model, (parts = new WeakMap()));
    this.parts = parts;
  }

  /** The placeholder's number for the part, or undefined when the part is rendered in place (it cannot be shared). */
  request(owner: object, key: string, element: ReactElement): number | undefined {
    const fullKey = `${key}\n${this.lang}`;
    if (!this.share || this.parts.get(owner)?.get(fullKey) === 'refused') return undefined;
    return this.requests.push({ owner, key: fullKey, element }) - 1;
  }

  /**
   * Renders the parts the page asked for that no page rendered yet (`render` puts the element in the page's providers
   * and returns its HTML and marks), finished by `finish` as the page's body is. A part that is empty, holds an island,
   * a claim mark or marks that are not its own is refused: false, and the page is rendered again without placeholders
   * for it.
   */
  prepare(render: (element: ReactElement) => { html: string; marks: SourceMarks }, finish: (html: string) => string): boolean {
    let ready = true;
    for (const { owner, key, element } of this.requests) {
      let byKey = this.parts.get(owner);
      if (!byKey) this.parts.set(owner, (byKey = new Map()));
      if (byKey.has(key)) continue;
      const { html, marks } = render(element);
      const sources = marks.sources();
      const shareable =
        html.startsWith('<') && html.endsWith('>') && !html.includes(' data-island="') && !hasClaimMarks(html) && ownMarks(html, sources.length);
      byKey.set(key, shareable ? fragment(finish(html), sources) : 'refused');
      ready &&= shareable;
    }
    return ready;
  }

  /** `body` with each placeholder replaced by its part, whose marks join `marks` (the page's). */
  splice(body: string, marks: SourceMarks): string {
    return body.replace(PLACEHOLDER, (_, n: string) => {
      const request = this.requests[Number(n)];
      const part = request && this.parts.get(request.owner)?.get(request.key);
      if (!part || part === 'refused') throw new Error(`shared part ${request?.key ?? n} was not prepared`);
      const first = marks.adopt(part.sources);
      let html = part.start;
      for (const { mark, after } of part.marked) html += ` data-site-src="${first + mark}"${after}`;
      return html;
    });
  }
}

/**
 * Whether the part's marks are its own, each once: a mark made while the page rendered (a component that marks the
 * element it hands the part, rather than reading the marks itself) names a source of that page only.
 */
function ownMarks(html: string, count: number): boolean {
  const numbers = [...html.matchAll(MARK)].map((match) => Number(match[1]));
  return numbers.length === count && new Set(numbers).size === count && numbers.every((n) => n < count);
}

function fragment(html: string, sources: ElementSource[]): Fragment {
  const matches = [...html.matchAll(MARK)];
  const end = (i: number) => matches[i]?.index ?? html.length;
  const marked = matches.map((match, i) => ({ mark: Number(match[1]), after: html.slice(match.index + match[0].length, end(i + 1)) }));
  return { start: html.slice(0, end(0)), marked, sources };
}

const SharedPartsContext = createContext<SharedParts | undefined>(undefined);
export const SharedPartsProvider = SharedPartsContext.Provider;

/**
 * `children`, rendered once per build for all pages with the same `owner` and `part` and spliced in: `owner` (an
 * object of the locale's strings) and `part` must name everything `children` render from besides the site and the
 * page's language. Outside a page render (tests, islands), `children` as they are.
 */
export function Shared({ owner, part, children }: { owner: object; part: string; children: ReactElement }) {
  const parts = useContext(SharedPartsContext);
  const n = parts?.request(owner, part, children);
  return n === undefined ? children : <site-shared data-n={n} />;
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'site-shared': { 'data-n': number };
    }
  }
}
