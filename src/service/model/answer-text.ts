/**
 * Where a chat completion's text is, in the shapes OpenAI-compatible servers really send: a string
 * content, an array of content parts, a tool call's arguments, the older function_call, or a stream
 * of server-sent events although none was asked for. Pure functions: model-client.ts calls and logs.
 */

/** Tokens one call used, as the model's server counted them. */
export interface ModelUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

/** What the body of a completion holds: its text (reasoning left in), why it ended, what it cost. */
export interface RawAnswer {
  text: string;
  finishReason: string | null;
  usage: ModelUsage | null;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const first = (value: unknown): unknown => (Array.isArray(value) ? value[0] : undefined);
const stringOr = (value: unknown, otherwise: string | null = null) => (typeof value === 'string' ? value : otherwise);

/** The text of a content: a string, or the `text` of each part of an array joined together. */
function contentText(content: unknown): string | null {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return null;
  const texts = content
    .map((part) => (isObject(part) ? stringOr(part.text) : stringOr(part)))
    .filter((t) => t !== null);
  return texts.length > 0 ? texts.join('') : null;
}

/** The arguments of a message's first tool call, or of its older function_call. */
function callArguments(message: Json): string | null {
  const call = first(message.tool_calls);
  const fn = isObject(call) ? call.function : message.function_call;
  if (!isObject(fn)) return null;
  return isObject(fn.arguments) ? JSON.stringify(fn.arguments) : stringOr(fn.arguments);
}

/** A message's answer: its content when that holds text, else what it called a tool with, else ''. */
export function messageText(message: unknown): string {
  if (!isObject(message)) return '';
  const content = contentText(message.content);
  if (content !== null && content.trim() !== '') return content;
  return callArguments(message) ?? content ?? '';
}

function usageOf(value: unknown): ModelUsage | null {
  if (!isObject(value)) return null;
  const { prompt_tokens: prompt, completion_tokens: completion } = value;
  return typeof prompt === 'number' && typeof completion === 'number'
    ? { prompt_tokens: prompt, completion_tokens: completion }
    : null;
}

/** A completion parsed from JSON; null when it has no `choices` to read. */
function completionAnswer(body: unknown): RawAnswer | null {
  if (!isObject(body) || !Array.isArray(body.choices)) return null;
  const choice = first(body.choices);
  if (!isObject(choice)) return { text: '', finishReason: null, usage: usageOf(body.usage) };
  return {
    text: messageText(choice.message),
    finishReason: stringOr(choice.finish_reason),
    usage: usageOf(body.usage),
  };
}

/** The `data:` payloads of a server-sent-events body, parsed; null when the body is not one. */
function eventPayloads(body: string): unknown[] | null {
  const lines = body.split(/\r?\n/).filter((line) => line.startsWith('data:'));
  if (lines.length === 0) return null;
  const payloads: unknown[] = [];
  for (const line of lines) {
    const data = line.slice('data:'.length).trim();
    if (data === '' || data === '[DONE]') continue;
    try {
      payloads.push(JSON.parse(data));
    } catch {
      // A line that is not JSON (a comment, a keep-alive) adds nothing.
    }
  }
  return payloads;
}

/** The chunks of a stream put back together: each choice's delta (or message) in order. */
function streamAnswer(body: string): RawAnswer | null {
  const payloads = eventPayloads(body);
  if (payloads === null) return null;
  let content = '';
  let args = '';
  let finishReason: string | null = null;
  let usage: ModelUsage | null = null;
  let chunks = 0;
  for (const payload of payloads) {
    if (!isObject(payload)) continue;
    usage = usageOf(payload.usage) ?? usage;
    const choice = first(payload.choices);
    if (!isObject(choice)) continue;
    chunks++;
    finishReason = stringOr(choice.finish_reason) ?? finishReason;
    const delta = isObject(choice.delta) ? choice.delta : isObject(choice.message) ? choice.message : {};
    content += contentText(delta.content) ?? '';
    args += callArguments(delta) ?? '';
  }
  if (chunks === 0) return null;
  return { text: content.trim() !== '' ? content : args, finishReason, usage };
}

/**
 * The answer a completion's body holds, read from its raw text: JSON with `choices`, or chunks of
 * server-sent events. Null when it is neither (an HTML page, a JSON error, a stream without choices).
 */
export function readCompletion(body: string): RawAnswer | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return streamAnswer(body);
  }
  return completionAnswer(parsed);
}

/** A reasoning block at the start, closed. */
const CLOSED_REASONING = /^\s*<(think|thinking|reasoning)>[\s\S]*?<\/\1>\s*/i;
/** The end of a reasoning block whose opening the server's chat template wrote, not the model. */
const ORPHAN_END = /^(?![\s\S]*<(?:think|thinking|reasoning)>)[\s\S]*?<\/(?:think|thinking|reasoning)>\s*/i;
/** A reasoning block at the start that never closes: the model was cut off, or forgot. */
const OPEN_REASONING = /^\s*<(?:think|thinking|reasoning)>/i;

/**
 * `text` without the reasoning some models write before their answer: closed `<think>…</think>`
 * (or `<thinking>`, `<reasoning>`) blocks at its start, and the text before a lone closing tag.
 * A block that never closes is left for the caller to judge (see startsWithOpenReasoning).
 */
export function withoutReasoning(text: string): string {
  let rest = text;
  for (let seen = 0; seen < 5 && CLOSED_REASONING.test(rest); seen++) rest = rest.replace(CLOSED_REASONING, '');
  if (rest === text) rest = rest.replace(ORPHAN_END, '');
  return rest === text ? text : rest;
}

/** True when `text` opens a reasoning block it never closes. */
export function startsWithOpenReasoning(text: string): boolean {
  return OPEN_REASONING.test(text) && !CLOSED_REASONING.test(text);
}
