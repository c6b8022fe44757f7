/**
 * A server's input_schema is untrusted: ajv compiles it into code and runs its `pattern`s with the
 * browser's backtracking RegExp on the main thread. Before anything compiles a schema, this check
 * turns the shapes that would freeze the tab into a clear error:
 * - nesting deeper than MAX_SCHEMA_DEPTH (compiling recurses once per level) or more than
 *   MAX_SCHEMA_NODES objects and arrays (compile time grows with size);
 * - a `pattern` (or `patternProperties` key) that does not compile, is longer than
 *   MAX_PATTERN_LENGTH, uses a backreference, or repeats a group that itself holds an unbounded
 *   repeat, like `(a+)+$` or `(\w*)*` — the nested-quantifier shape behind catastrophic backtracking.
 * What it does not catch: exponential alternations such as `(a|a)*$` and polynomial shapes like
 * `\s*\s*$` pass; those cost time in proportion to a power of the input's length, which the
 * form's own field sizes keep bounded, not the tab's life.
 */

export const MAX_SCHEMA_DEPTH = 32;
const MAX_SCHEMA_NODES = 5_000;
const MAX_PATTERN_LENGTH = 1_000;

/** Why the pattern is refused, or null when it passes. */
export function unsafePatternReason(pattern: string): string | null {
  if (pattern.length > MAX_PATTERN_LENGTH) return `is longer than ${MAX_PATTERN_LENGTH} characters`;
  try {
    new RegExp(pattern, 'u');
  } catch {
    return 'is not a valid regular expression';
  }
  if (/\\[1-9]|\\k</.test(pattern)) return 'uses a backreference';
  // One frame per open group: whether something inside it repeats without bound.
  const stack: boolean[] = [false];
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') {
      inClass = true;
      continue;
    }
    if (c === '(') {
      stack.push(false);
      continue;
    }
    const unboundedAt = (at: number) => {
      const q = pattern[at];
      if (q === '*' || q === '+') return true;
      return q === '{' && /^\{\d*,\}/.test(pattern.slice(at));
    };
    if (c === ')') {
      const innerRepeats = stack.pop() ?? false;
      if (unboundedAt(i + 1)) {
        if (innerRepeats) return 'repeats a group that already repeats without bound (catastrophic backtracking)';
        stack[stack.length - 1] = true;
      } else if (innerRepeats) {
        stack[stack.length - 1] = true;
      }
      continue;
    }
    if (unboundedAt(i)) stack[stack.length - 1] = true;
  }
  return null;
}

/** The first reason the schema cannot be compiled safely, as a sentence, or null when it can. */
export function untrustedSchemaProblem(schema: unknown): string | null {
  let nodes = 0;
  // Iterative, so the check itself cannot overflow the stack on a schema nested thousands deep.
  // `fields`: the node is a `properties` map, so its keys are field names.
  const todo: { value: unknown; depth: number; path: string; fields: boolean }[] = [
    { value: schema, depth: 0, path: '', fields: false },
  ];
  while (todo.length > 0) {
    const { value, depth, path, fields } = todo.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (depth > MAX_SCHEMA_DEPTH) return `The input schema is nested more than ${MAX_SCHEMA_DEPTH} levels deep.`;
    if (++nodes > MAX_SCHEMA_NODES) return `The input schema has more than ${MAX_SCHEMA_NODES} parts.`;
    const record = value as Record<string, unknown>;
    if (!Array.isArray(value) && !fields) {
      if (typeof record.pattern === 'string') {
        const reason = unsafePatternReason(record.pattern);
        if (reason) return `The pattern of ${path ? `field ${path}` : 'the input'} ${reason}.`;
      }
      const patternProperties = record.patternProperties;
      if (typeof patternProperties === 'object' && patternProperties !== null) {
        for (const key of Object.keys(patternProperties)) {
          const reason = unsafePatternReason(key);
          if (reason) return `A patternProperties key of ${path ? `field ${path}` : 'the input'} ${reason}.`;
        }
      }
    }
    for (const [key, child] of Object.entries(record)) {
      const childPath = fields ? (path ? `${path}.${key}` : key) : path;
      todo.push({
        value: child,
        depth: depth + 1,
        path: childPath,
        fields: !fields && !Array.isArray(value) && key === 'properties',
      });
    }
  }
  return null;
}
