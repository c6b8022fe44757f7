/** How many `{` a search for the plan's object starts from before it gives up. */
const STARTS = 8;

/** A leading reasoning block, as reasoning models (qwen, deepseek) write one. */
const THINK = /^\s*<(think|thinking|reasoning)>/i;
/** A Markdown code fence, ```json or bare; the closing fence may be missing when the answer stops. */
const FENCE = /```[\w-]*[^\S\n]*\n([\s\S]*?)(?:```|$)/g;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parsed(text: string): { value: unknown } | null {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return null;
  }
}

/** The first balanced `{…}` from `start` (braces inside strings do not count), or null when it never closes. */
function balanced(text: string, start: number): string | null {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return text.slice(start, i + 1);
  }
  return null;
}

/** The text without a reasoning block before the answer: a closed one is dropped, an open one skipped to the first `{`. */
function withoutReasoning(text: string): string {
  const think = THINK.exec(text);
  if (!think) return text;
  const close = text.toLowerCase().indexOf(`</${think[1]!.toLowerCase()}>`);
  if (close >= 0) return text.slice(close + think[1]!.length + 3);
  const brace = text.indexOf('{');
  return brace >= 0 ? text.slice(brace) : '';
}

/** `{"workflow_plan": {…, "steps": …}}` → the inner plan; anything else as it is. */
export function unwrapPlan(value: unknown): unknown {
  if (!isObject(value)) return value;
  const keys = Object.keys(value);
  const inner = keys.length === 1 ? value[keys[0]!] : undefined;
  return isObject(inner) && 'steps' in inner && !('steps' in value) ? inner : value;
}

const looksLikePlan = (value: unknown) => isObject(unwrapPlan(value)) && 'steps' in (unwrapPlan(value) as object);

/** The objects a text holds, from its first `{` on: the first that parses is the best guess. */
function objectsIn(text: string): Array<{ value: unknown }> {
  const found: Array<{ value: unknown }> = [];
  let from = text.indexOf('{');
  for (let tries = 0; from >= 0 && tries < STARTS; tries++) {
    const candidate = balanced(text, from);
    const read = candidate === null ? null : parsed(candidate);
    if (read && isObject(read.value)) {
      found.push(read);
      if (looksLikePlan(read.value)) return [read];
      from = text.indexOf('{', from + candidate!.length);
    } else from = text.indexOf('{', from + 1);
  }
  return found;
}

/**
 * The JSON document in a model's answer, as models write it when nothing enforces the format: the
 * whole text, else inside a ```json or bare ``` fence (with sentences around it), else after a
 * reasoning block, else the first balanced `{…}` among prose. A plan under one key
 * (`{"workflow_plan": {…}}`) is unwrapped. Null when there is no JSON to read.
 */
export function answerJson(text: string): { value: unknown } | null {
  const whole = parsed(text.trim());
  if (whole) return { value: unwrapPlan(whole.value) };
  const body = withoutReasoning(text).trim();
  const candidates: Array<{ value: unknown }> = [];
  for (const fence of body.matchAll(FENCE)) {
    const inside = fence[1]!.trim();
    const read = parsed(inside) ?? objectsIn(inside)[0] ?? null;
    if (read) candidates.push(read);
  }
  const direct = parsed(body);
  if (direct) candidates.push(direct);
  candidates.push(...objectsIn(body));
  const best = candidates.find((candidate) => looksLikePlan(candidate.value)) ?? candidates[0];
  return best ? { value: unwrapPlan(best.value) } : null;
}
