import type { Finding } from './finding.ts';

/**
 * A rule as steps, each with its findings in the rule's order: `site dev` lets its server answer requests and take
 * edits between them, `site check` runs them all at once.
 */
export type RuleSteps = () => Iterable<Finding[]>;

/**
 * Content files one step of a rule reads. At 2,000 synthetic pages the slowest rule (the offer rules on the pages) took about 0.25 ms a
 * file, so a step stays near 25 ms however large the site grows.
 */
export const STEP_FILES = 100;
/** Copy strings one step of a copy rule reads: about as many as STEP_FILES pages hold. */
export const STEP_STRINGS = 2000;

/** `check` over consecutive parts of `items`, one step each: for rules whose findings on one item need no other. */
export function* chunked<T>(items: readonly T[], check: (part: readonly T[]) => Finding[], size: number = STEP_FILES): Generator<Finding[]> {
  for (let i = 0; i < items.length; i += size) yield check(items.slice(i, i + size));
}

/** A rule's findings in one go. */
export function allSteps(rule: RuleSteps): Finding[] {
  const out: Finding[] = [];
  for (const step of rule()) for (const f of step) out.push(f);
  return out;
}

/** Steps that end in what they read (the copy strings), all at once: their findings pushed into `into`, what they read returned. */
export function readAll<T>(steps: Iterator<Finding[], T>, into: Finding[]): T {
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return step.value;
    for (const f of step.value) into.push(f);
  }
}

/**
 * Steps that end in what they read (the copy strings), run as `site dev` runs a rule: each step's findings pushed into
 * `into` and `stop` asked after it. What the steps return, or undefined once `stop` says to stop.
 */
export async function readInSteps<T>(steps: Iterator<Finding[], T>, into: Finding[], stop: () => Promise<boolean>): Promise<{ read: T } | undefined> {
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return { read: step.value };
    for (const f of step.value) into.push(f);
    if (await stop()) return undefined;
  }
}

/** The rules one after another, run as readInSteps runs steps: false once `stop` says to stop. */
export async function runSteps(rules: Iterable<RuleSteps>, into: Finding[], stop: () => Promise<boolean>): Promise<boolean> {
  for (const rule of rules) if (!(await readInSteps(rule()[Symbol.iterator](), into, stop))) return false;
  return true;
}
