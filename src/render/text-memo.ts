/**
 * Entries a per-text memo holds before it starts afresh: a site's texts and long words are some thousands; this bounds
 * a 10,000-page build and a long-running `site dev` fed ever new texts.
 */
const MEMO_SIZE = 20_000;

/** `make(key)`, remembered in `memo` (the render passes' memos of what they made of a text, by the text). */
export function remembered<T>(memo: Map<string, T>, key: string, make: (key: string) => T): T {
  let out = memo.get(key);
  if (out === undefined) {
    if (memo.size >= MEMO_SIZE) memo.clear();
    memo.set(key, (out = make(key)));
  }
  return out;
}
