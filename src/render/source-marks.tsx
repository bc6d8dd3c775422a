import { createContext, useContext } from 'react';

/**
 * Where an element of a rendered page comes from in the content: the file (relative to the content
 * directory) and the path of the value inside it, e.g. `pages/home/de.yaml` at `sections[4].actions[1].href`.
 * For a link written inside a string (`[label](/x)`), `link` says which one: its target and how many links
 * to the same target come before it in that string.
 */
export interface ElementSource {
  file: string;
  path: (string | number)[];
  link?: { href: string; occurrence: number };
}

/** An element source placed in the page's HTML: `at` is the offset of the element's `<`. */
export interface MarkedElement extends ElementSource {
  at: number;
}

/** Props that mark an element; spread onto it (`{}` when nothing is recorded). */
export type MarkProps = { [SOURCE_ATTRIBUTE]?: string };

/** The attribute the render writes while it records; `extractSourceMarks` removes every one from the HTML. */
const SOURCE_ATTRIBUTE = 'data-site-src';

/**
 * The paths of a page's content objects while it renders, so components can say which value an element
 * shows without being told its path: every object and array of the page (and of its locale's UI strings)
 * is indexed by identity once, and a component marks an element with the object it read and the key.
 * Values are strings and have no identity; their container does, which is why marks name owner and key.
 */
export class SourceMarks {
  private readonly owners = new WeakMap<object, { file: string; path: (string | number)[] }>();
  private readonly recorded: ElementSource[] = [];

  /** Indexes `root` (a page or the locale strings as the components receive them) as the content of `file`. */
  add(root: object, file: string): this {
    const walk = (value: unknown, path: (string | number)[]) => {
      if (!value || typeof value !== 'object' || this.owners.has(value)) return;
      this.owners.set(value, { file, path });
      if (Array.isArray(value)) value.forEach((item, i) => walk(item, [...path, i]));
      else for (const [key, item] of Object.entries(value)) walk(item, [...path, key]);
    };
    walk(root, []);
    return this;
  }

  mark(owner: object | undefined, key: string | number, link?: ElementSource['link']): MarkProps {
    const found = owner && this.owners.get(owner);
    if (!found) return {};
    this.recorded.push({ file: found.file, path: [...found.path, key], ...(link ? { link } : {}) });
    return { [SOURCE_ATTRIBUTE]: String(this.recorded.length - 1) };
  }

  /**
   * The HTML without the marks, and where each marked element starts in it. React escapes `"` in text and
   * attribute values, so ` data-site-src="` with a real quote is always one of ours.
   */
  extract(html: string): { html: string; elements: MarkedElement[] } {
    const elements: MarkedElement[] = [];
    let out = '';
    let last = 0;
    for (const match of html.matchAll(/ data-site-src="(\d+)"/g)) {
      out += html.slice(last, match.index);
      last = match.index + match[0].length;
      const source = this.recorded[Number(match[1])];
      if (source) elements.push({ at: out.lastIndexOf('<'), ...source });
    }
    return { html: out + html.slice(last), elements };
  }
}

const MarksContext = createContext<SourceMarks | undefined>(undefined);
export const SourceMarksProvider = MarksContext.Provider;

/** No marks recorded: components rendered outside a page (tests, islands) get plain elements. */
const unmarked = (): MarkProps => ({});

/**
 * `mark(owner, key)` for the page being rendered: props that tie an element to the value `owner[key]`
 * (an object of the page or of its locale's strings, as the component received it).
 */
export function useSourceMark(): SourceMarks['mark'] {
  const marks = useContext(MarksContext);
  return marks ? marks.mark.bind(marks) : unmarked;
}

/** Props for the links inside the string `owner[key]`, for `Inline`'s `linkProps`. */
export function inlineLinkMarks(mark: SourceMarks['mark'], owner: object | undefined, key: string | number): (href: string, occurrence: number) => MarkProps {
  return (href, occurrence) => mark(owner, key, { href, occurrence });
}
