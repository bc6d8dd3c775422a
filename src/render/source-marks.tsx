import { createContext, useContext } from 'react';
import { childPath } from '../errors/site-error.ts';

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

/** Where an object sits in the content: its parent and key there, or the file it is the root of. */
type Place = { parent: object; key: string | number } | { file: string };

/** Places of the objects of every root indexed so far (a locale's typeset strings are one object per build). */
const places = new WeakMap<object, Place>();

function index(root: object, file: string): void {
  if (places.has(root)) return;
  places.set(root, { file });
  const walk = (value: object) => {
    for (const [key, item] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
      if (!item || typeof item !== 'object' || places.has(item)) continue;
      places.set(item, { parent: value, key });
      walk(item);
    }
  };
  walk(root);
}

/** The file and path of an indexed object, following its parents up to its root. */
function placeOf(owner: object): { file: string; path: (string | number)[] } | undefined {
  const path: (string | number)[] = [];
  for (let place = places.get(owner); place; place = places.get(place.parent)) {
    if ('file' in place) return { file: place.file, path: path.reverse() };
    path.push(place.key);
  }
  return undefined;
}

/**
 * The element sources of a page while it renders, so components can say which value an element shows
 * without being told its path: the page and its locale's UI strings (as the components receive them) are
 * indexed by object identity, and a component marks an element with the object it read and the key.
 * Values are strings and have no identity; their container does, which is why marks name owner and key.
 */
export class SourceMarks {
  private readonly recorded: ElementSource[] = [];

  /** Indexes `root` (a page or the locale strings as the components receive them) as the content of `file`. */
  add(root: object, file: string): this {
    index(root, file);
    return this;
  }

  mark(owner: object | undefined, key: string | number, link?: ElementSource['link']): MarkProps {
    const found = owner && placeOf(owner);
    if (!found) return {};
    this.recorded.push({ file: found.file, path: childPath(found.path, key), ...(link ? { link } : {}) });
    return { [SOURCE_ATTRIBUTE]: String(this.recorded.length - 1) };
  }

  /** What the marks recorded so far name, by mark number (a shared part's, render/shared-parts.tsx). */
  sources(): ElementSource[] {
    return [...this.recorded];
  }

  /** Takes on the marks of a part rendered apart (render/shared-parts.tsx): its mark `i` becomes this one's `first + i`. */
  adopt(sources: readonly ElementSource[]): number {
    const first = this.recorded.length;
    this.recorded.push(...sources);
    return first;
  }

  /**
   * The HTML without the marks, and where each marked element starts in it. React escapes `"` in text and
   * attribute values, so ` data-site-src="` with a real quote is always one of ours.
   */
  extract(html: string): { html: string; elements: MarkedElement[] } {
    const elements: MarkedElement[] = [];
    // The HTML between the marks, gathered in the same pass that finds them: a second pass to remove them cost as much.
    let kept = '';
    let from = 0;
    for (const match of html.matchAll(MARK)) {
      const source = this.recorded[Number(match[1])];
      const removed = from - kept.length;
      if (source) elements.push({ at: html.lastIndexOf('<', match.index) - removed, ...source });
      kept += html.slice(from, match.index);
      from = match.index + match[0].length;
    }
    return { html: from ? kept + html.slice(from) : html, elements };
  }
}

const MARK = / data-site-src="(\d+)"/g;

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
