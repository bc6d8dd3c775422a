/** Short human description of a value found in content, for "found: …" in errors. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing (the key is missing)';
  if (value === null) return 'an empty value (null)';
  if (typeof value === 'string') {
    const shown = value.length > 60 ? `${value.slice(0, 57)}…` : value;
    return value === '' ? 'an empty string' : `the text ${JSON.stringify(shown)}`;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return `the ${typeof value} ${String(value)}`;
  if (Array.isArray(value)) return `a list of ${value.length} item${value.length === 1 ? '' : 's'}`;
  if (typeof value === 'object') {
    const keys = Object.keys(value);
    return keys.length ? `a mapping with keys ${keys.slice(0, 6).join(', ')}${keys.length > 6 ? ', …' : ''}` : 'an empty mapping';
  }
  return typeof value;
}

export function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value: unknown = data;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** Edit distance where swapping two neighbouring letters counts once ("titel" → "title"), the commonest typo. */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The closest known name to a misspelt one, if it is close enough to be a typo: at most one edit per
 * three letters (at least one), and never as many edits as the name has letters — otherwise any two-letter
 * name would "suggest" every other two-letter name ('it' → 'de').
 */
export function closest(name: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestScore = Infinity;
  for (const candidate of known) {
    const score = distance(name.toLowerCase(), candidate.toLowerCase());
    if (score < bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  const allowed = Math.min(Math.max(1, Math.floor(name.length / 3)), name.length - 1);
  return best !== undefined && bestScore <= allowed ? best : undefined;
}
