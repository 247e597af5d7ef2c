/**
 * The rule language of metadata tests (spec schemas TestRule and TestCondition): conditions over
 * values named `<aspectName>.<field>...`, combined with and / or / not. Arrays met on the way to a
 * value fan out, and a condition holds when any value it reaches satisfies it.
 */
export type TestRule = TestCondition | { and: TestRule[] } | { or: TestRule[] } | { not: TestRule };

export type TestCondition =
  | { exists: string }
  | { equals: [string, Literal] }
  | { contains: [string, Literal] }
  | { greaterThan: [string, number] }
  | { lessThan: [string, number] };

type Literal = string | number | boolean;

/** An entity's aspect values by aspect name. */
export type AspectValues = ReadonlyMap<string, unknown>;

/** The values a path reaches; an array on the way fans out, a value at the end is kept whole. */
function reached(path: string, aspects: AspectValues): unknown[] {
  const [aspectName = '', ...fields] = path.split('.');
  let current: unknown[] = aspects.has(aspectName) ? [aspects.get(aspectName)] : [];
  for (const field of fields) {
    const next: unknown[] = [];
    for (const value of current.flatMap((v) => (Array.isArray(v) ? v : [v]))) {
      if (value !== null && typeof value === 'object') next.push((value as Record<string, unknown>)[field]);
    }
    current = next;
  }
  return current.filter((v) => v !== undefined && v !== null);
}

/** Reached values with a final array opened up, for the comparisons ("some value equals ..."). */
function leaves(path: string, aspects: AspectValues): unknown[] {
  return reached(path, aspects).flatMap((v) => (Array.isArray(v) ? v : [v]));
}

function nonEmpty(value: unknown): boolean {
  if (typeof value === 'string' || Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object' && value !== null) return Object.keys(value).length > 0;
  return true;
}

function conditionHolds(condition: TestCondition, aspects: AspectValues): boolean {
  if ('exists' in condition) return reached(condition.exists, aspects).some(nonEmpty);
  if ('equals' in condition) return leaves(condition.equals[0], aspects).some((v) => v === condition.equals[1]);
  if ('contains' in condition) {
    const [path, literal] = condition.contains;
    return leaves(path, aspects).some(
      (v) => v === literal || (typeof v === 'string' && typeof literal === 'string' && v.includes(literal)),
    );
  }
  if ('greaterThan' in condition)
    return leaves(condition.greaterThan[0], aspects).some((v) => typeof v === 'number' && v > condition.greaterThan[1]);
  return leaves(condition.lessThan[0], aspects).some((v) => typeof v === 'number' && v < condition.lessThan[1]);
}

export function ruleHolds(rule: TestRule, aspects: AspectValues): boolean {
  if ('and' in rule) return rule.and.every((r) => ruleHolds(r, aspects));
  if ('or' in rule) return rule.or.some((r) => ruleHolds(r, aspects));
  if ('not' in rule) return !ruleHolds(rule.not, aspects);
  return conditionHolds(rule, aspects);
}
