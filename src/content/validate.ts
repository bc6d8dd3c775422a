import { z } from 'zod';
import { SiteError } from '../errors/site-error.ts';
import { closest, describeValue, valueAt } from './describe.ts';
import { locate, locateKey, locateMissing, type YamlSource } from './yaml-source.ts';

type Issue = z.core.$ZodIssue;

/** The object schema that applies at `path` in `data`, following arrays, wrappers and unions. */
function objectSchemaAt(schema: z.ZodType, data: unknown, path: readonly PropertyKey[]): z.ZodObject | undefined {
  let current: z.ZodType | undefined = schema;
  let value: unknown = data;
  let i = 0;
  while (current) {
    if (current instanceof z.ZodOptional || current instanceof z.ZodDefault || current instanceof z.ZodNullable) {
      current = current.unwrap() as z.ZodType;
      continue;
    }
    if (current instanceof z.ZodUnion) {
      const options = current.options as z.ZodType[];
      current = options.find((option) => option instanceof z.ZodObject && matchesLiterals(option, value)) ?? options.find((o) => o instanceof z.ZodObject);
      continue;
    }
    if (i === path.length) return current instanceof z.ZodObject ? current : undefined;
    const key = path[i++]!;
    value = (value as Record<PropertyKey, unknown> | undefined)?.[key];
    if (current instanceof z.ZodObject) current = current.shape[key as string] as z.ZodType | undefined;
    else if (current instanceof z.ZodArray) current = current.element as z.ZodType;
    else if (current instanceof z.ZodRecord) current = current.valueType as z.ZodType;
    else return undefined;
  }
  return undefined;
}

function matchesLiterals(option: z.ZodObject, value: unknown): boolean {
  return Object.entries(option.shape).every(([key, field]) => {
    if (!(field instanceof z.ZodLiteral)) return true;
    return (value as Record<string, unknown> | undefined)?.[key] === field.value;
  });
}

/** The union branch whose shape fits the value best, so a bad rich-text block reports its real problem. */
function bestBranch(issue: Extract<Issue, { code: 'invalid_union' }>): Issue[] | undefined {
  if (issue.errors.length === 0) return undefined;
  const ranked = [...issue.errors].sort((a, b) => score(a) - score(b));
  return ranked[0];
  function score(issues: Issue[]): number {
    return issues.some((i) => i.code === 'invalid_type' && i.path.length === 0) ? 100 : issues.length;
  }
}

function expectedOf(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return issue.expected === 'object' ? 'a mapping (key: value)' : issue.expected === 'array' ? 'a list' : issue.expected;
    case 'invalid_value':
      return issue.values.map((v) => JSON.stringify(v)).join(' | ');
    case 'too_small':
      return issue.origin === 'array'
        ? `at least ${issue.minimum} item(s)`
        : issue.origin === 'string'
          ? `at least ${issue.minimum} character(s)`
          : `>= ${issue.minimum}`;
    case 'too_big':
      return issue.origin === 'array'
        ? `at most ${issue.maximum} item(s)`
        : issue.origin === 'string'
          ? `at most ${issue.maximum} character(s)`
          : `<= ${issue.maximum}`;
    case 'invalid_format':
      return issue.format === 'regex' ? issue.message : `a valid ${issue.format}`;
    default:
      return undefined;
  }
}

/**
 * zod's own words for a list of the wrong length ("Too small: expected array to have >=1 items") said in the
 * content's: the key and the count it needs, and what the list is for (the schema's description) as the hint.
 */
function listCount(schema: z.ZodType, data: unknown, path: readonly PropertyKey[], issue: Issue): { message: string; hint?: string } | undefined {
  if ((issue.code !== 'too_small' && issue.code !== 'too_big') || issue.origin !== 'array' || !/^Too (small|big)\b/.test(issue.message)) return undefined;
  const key = path[path.length - 1];
  if (typeof key !== 'string') return undefined;
  const items = (n: number | bigint) => `${n} ${Number(n) === 1 ? 'item' : 'items'}`;
  const message = issue.code === 'too_small' ? `'${key}' needs at least ${items(issue.minimum)}` : `'${key}' takes at most ${items(issue.maximum)}`;
  const field = objectSchemaAt(schema, data, path.slice(0, -1))?.shape[key] as z.ZodType | undefined;
  return { message, hint: field?.description };
}

/** Turns zod's issues into SiteErrors that point at the YAML node, with expected/found and hints. */
export function issuesToErrors(schema: z.ZodType, source: YamlSource, issues: readonly Issue[], base: PropertyKey[] = []): SiteError[] {
  const errors: SiteError[] = [];
  for (const issue of issues) {
    const path = [...base, ...issue.path];
    if (issue.code === 'invalid_union' && !('discriminator' in issue && issue.discriminator)) {
      const branch = bestBranch(issue);
      if (branch) {
        errors.push(...issuesToErrors(schema, source, branch, path));
        continue;
      }
    }
    if (issue.code === 'unrecognized_keys') {
      const known = Object.keys(objectSchemaAt(schema, source.data, path)?.shape ?? {});
      for (const key of issue.keys) {
        const suggestion = closest(key, known);
        errors.push(
          new SiteError({
            code: 'unknown-key',
            message: `unknown key '${key}'`,
            location: locateKey(source, path, key),
            expected: known.length ? `one of: ${known.join(', ')}` : 'no further keys',
            found: `'${key}'`,
            hint: suggestion ? `did you mean '${suggestion}'?` : 'remove it, or check the indentation',
          }),
        );
      }
      continue;
    }
    const found = valueAt(source.data, path);
    if (issue.code === 'invalid_union' && 'discriminator' in issue && issue.discriminator) {
      const options = ('options' in issue ? (issue.options as unknown[]) : []).map(String);
      const suggestion = typeof found === 'string' ? closest(found, options) : undefined;
      errors.push(
        new SiteError({
          code: 'unknown-type',
          message: found === undefined ? `missing '${String(issue.discriminator)}'` : `unknown ${String(issue.discriminator)} ${JSON.stringify(found)}`,
          location: locate(source, path),
          expected: options.join(' | '),
          found: describeValue(found),
          hint: suggestion ? `did you mean '${suggestion}'?` : undefined,
        }),
      );
      continue;
    }
    const suggestion = issue.code === 'invalid_value' && typeof found === 'string' ? closest(found, issue.values.map(String)) : undefined;
    const count = found !== undefined ? listCount(schema, source.data, path, issue) : undefined;
    errors.push(
      new SiteError({
        code: found === undefined ? 'missing-key' : 'invalid-value',
        // A custom rule that names a missing key (an image's alt) says why it is needed.
        message: found === undefined && issue.code !== 'custom' ? `missing required key '${String(path[path.length - 1])}'` : (count?.message ?? issue.message),
        location: found === undefined ? locateMissing(source, path) : locate(source, path),
        expected: expectedOf(issue) ?? (issue.code === 'custom' ? undefined : issue.message),
        found: describeValue(found),
        hint: suggestion ? `did you mean '${suggestion}'?` : count?.hint,
      }),
    );
  }
  return errors;
}

/** Validates a parsed file; on failure every issue comes back as a located SiteError. */
export function validateSource<S extends z.ZodType>(schema: S, source: YamlSource): { value?: z.output<S>; errors: SiteError[] } {
  const result = schema.safeParse(source.data);
  if (result.success) return { value: result.data, errors: [] };
  return { errors: issuesToErrors(schema, source, result.error.issues) };
}
