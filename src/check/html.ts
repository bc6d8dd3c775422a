import { HtmlValidate, Parser, StaticConfigLoader, type ConfigData, type HtmlElement, type Message } from 'html-validate';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../package-root.ts';

export type { HtmlElement };

/** html-validate's settings for the built pages; the file is in the repo so editors and CI agree. */
export const HTML_VALIDATE_CONFIG = path.join(packageRoot, '.htmlvalidate.json');

let validator: HtmlValidate | undefined;
let parser: Parser | undefined;

/**
 * html-validate's static loader merges and resolves the configuration again for every page it validates,
 * rebuilding the HTML element table each time (a fifth of a page's validation). The configuration is the
 * same for every page, so it is resolved once.
 */
class ResolvedOnceLoader extends StaticConfigLoader {
  #resolved: ReturnType<StaticConfigLoader['getConfigFor']> | undefined;
  override getConfigFor(handle: string, override?: ConfigData): ReturnType<StaticConfigLoader['getConfigFor']> {
    if (override) return super.getConfigFor(handle, override);
    this.#resolved ??= super.getConfigFor(handle);
    return this.#resolved;
  }
}

function getValidator(): HtmlValidate {
  validator ??= new HtmlValidate(new ResolvedOnceLoader(JSON.parse(readFileSync(HTML_VALIDATE_CONFIG, 'utf8')) as ConfigData));
  return validator;
}

/** A DOM of a built page (html-validate's parser: no browser, fast enough for every route). */
export function parseHtml(html: string): HtmlElement {
  parser ??= new Parser(getValidator().getConfigForSync('page.html'));
  return parser.parseHtml(html);
}

export async function validateHtml(html: string, file: string): Promise<Message[]> {
  const report = await getValidator().validateString(html, file);
  return report.results.flatMap((r) => r.messages);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: '\u00a0' };

/** html-validate's textContent keeps character references; messages show the text a visitor reads. */
export function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name]!);
}

/** `<a href="/chatbot">Mehr zu Chatbots</a>`: enough to find the element in the page. */
export function describeElement(el: HtmlElement): string {
  const attrs = ['id', 'href', 'src', 'data-islands', 'rel', 'hreflang', 'name', 'type', 'data-price', 'data-claim', 'data-constant']
    .map((name) => [name, el.getAttributeValue(name)] as const)
    .filter(([, v]) => v !== null)
    .map(([name, v]) => ` ${name}="${v}"`)
    .join('');
  const text = decodeEntities(el.textContent).replace(/\s+/g, ' ').trim();
  const shown = text.length > 40 ? `${text.slice(0, 37)}…` : text;
  return `<${el.tagName}${attrs}>${shown ? `${shown}</${el.tagName}>` : ''}`;
}

/** Offset of the element's `<` in the parsed HTML (html-validate locates an element at its tag name). */
export function elementOffset(el: HtmlElement): number {
  return el.location.offset - 1;
}

/** Elements `<link>` whose rel list contains `token` (html-validate's selectors lack `~=`). */
export function linksWithRel(root: HtmlElement, token: string): HtmlElement[] {
  return root.querySelectorAll('link[rel][href]').filter((el) => (el.getAttributeValue('rel') ?? '').toLowerCase().split(/\s+/).includes(token));
}
