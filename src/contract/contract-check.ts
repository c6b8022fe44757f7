/**
 * The few building blocks the generated contract-schemas.ts is made of: tolerant checks of JSON
 * answers against the contract's component schemas. A check never copies or changes the answer
 * (unknown fields stay), and reports every problem with its place, so a faulty server shows as
 * faulty. Hand-written and tiny rather than a schema library, because the dashboard's first page
 * carries it and its JS budget is small.
 *
 * Each check's type follows the schema it was built from, so a generated check annotated with the
 * generated type of the same name proves, at compile time, that the two agree.
 */

export type Path = readonly (string | number)[];

export interface Problem {
  path: Path;
  /** `missing`, `is a number, not string`, `"paused" is not one of …`. */
  message: string;
}

export interface Check<T> {
  (value: unknown, path: Path, problems: Problem[]): void;
  /** What the check expects, for messages: `string`, `array`, `one of a, b`. */
  readonly expected: string;
  /** Carries the checked type; never set. */
  readonly type?: T;
}

type Out<C> = C extends Check<infer T> ? T : never;
type Shape = Record<string, Check<unknown>>;

const define = <T>(expected: string, run: (value: unknown, path: Path, problems: Problem[]) => void): Check<T> =>
  Object.assign(run, { expected });

const kindOf = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'object' ? 'object' : typeof value;

const typed = <T>(name: string): Check<T> =>
  define(name, (value, path, problems) => {
    if (kindOf(value) !== name) problems.push({ path, message: `is ${kindOf(value)}, not ${name}` });
  });

export const string = typed<string>('string');
export const number = typed<number>('number');
export const boolean = typed<boolean>('boolean');
export const nullValue = typed<null>('null');
export const unknown = define<unknown>('anything', () => undefined);

export const enumOf = <const V extends string | number | boolean>(values: readonly V[]): Check<V> =>
  define(`one of ${values.join(', ')}`, (value, path, problems) => {
    if (!values.includes(value as V))
      problems.push({ path, message: `${JSON.stringify(value)} is not one of ${values.join(', ')}` });
  });

export const array = <T>(item: Check<T>): Check<T[]> =>
  define('array', (value, path, problems) => {
    if (!Array.isArray(value)) problems.push({ path, message: `is ${kindOf(value)}, not array` });
    else value.forEach((entry, index) => item(entry, [...path, index], problems));
  });

/** An object with these required and optional fields; fields it does not name are kept. */
export const object = <R extends Shape, O extends Shape = Record<never, never>>(
  required: R,
  optional?: O,
): Check<{ [K in keyof R]: Out<R[K]> } & { [K in keyof O]?: Out<O[K]> }> =>
  define('object', (value, path, problems) => {
    if (kindOf(value) !== 'object') {
      problems.push({ path, message: `is ${kindOf(value)}, not object` });
      return;
    }
    const o = value as Record<string, unknown>;
    for (const [key, check] of Object.entries(required)) {
      if (o[key] === undefined) problems.push({ path: [...path, key], message: 'missing' });
      else check(o[key], [...path, key], problems);
    }
    for (const [key, check] of Object.entries(optional ?? {}))
      if (o[key] !== undefined) check(o[key], [...path, key], problems);
  });

/** Any JSON object, whatever its fields. */
export const record = define<{ [key: string]: unknown }>('object', (value, path, problems) => {
  if (kindOf(value) !== 'object') problems.push({ path, message: `is ${kindOf(value)}, not object` });
});

/** One of the alternatives; when none fits, the one of the value's kind tells why. */
export const oneOf = <C extends Check<unknown>[]>(...alternatives: C): Check<Out<C[number]>> =>
  define(alternatives.map((a) => a.expected).join(' or '), (value, path, problems) => {
    const attempts = alternatives.map((check) => {
      const found: Problem[] = [];
      check(value, path, found);
      return { check, found };
    });
    if (attempts.some((a) => a.found.length === 0)) return;
    const sameKind = attempts.filter((a) => a.check.expected === kindOf(value));
    if (sameKind.length === 1) problems.push(...sameKind[0]!.found);
    else
      problems.push({ path, message: `is ${kindOf(value)}, not ${alternatives.map((a) => a.expected).join(' or ')}` });
  });

type Intersect<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** Every part at once (each part's fields). */
export const allOf = <C extends Check<unknown>[]>(...parts: C): Check<Intersect<Out<C[number]>>> =>
  define(parts.map((p) => p.expected).join(' and '), (value, path, problems) => {
    for (const part of parts) part(value, path, problems);
  });

/** Runs a check on a whole answer: the answer itself (typed), or its problems. */
export function runCheck<T>(
  check: Check<T>,
  value: unknown,
): { ok: true; value: T } | { ok: false; problems: Problem[] } {
  const problems: Problem[] = [];
  check(value, [], problems);
  return problems.length === 0 ? { ok: true, value: value as T } : { ok: false, problems };
}
