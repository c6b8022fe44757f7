import { Liquid, LiquidError, type Template } from 'liquidjs';
import { StepFailure } from '../step-io';
import { escapeMarkdown } from '../markdown-escape';
import { reportFilters } from './filters';
import { formatValue } from './format-value';
import { growingLoop } from './loop-cost';

/**
 * Report templates are Liquid (https://liquidjs.com), rendered by LiquidJS rather than a language of
 * our own. LiquidJS rather than Handlebars: it is already a dependency, it interprets templates
 * instead of compiling them to JavaScript, its filters (`{{ input.notes | quote }}`) need no helper
 * syntax, and it bounds the work of one render (memoryLimit, renderLimit), which matters for
 * inputs of 100,000 characters. Plans saved before Liquid, in an older mustache-like syntax, were
 * converted once by a store migration (store/db/legacy-templates/); nothing here reads that syntax.
 *
 * A template sees the input as `input` and what earlier steps found as `files` (keyed by file name
 * without extension: `files.summary`, `files.entities.emails`). Every output tag prints its value as
 * text (`formatValue`: lists joined by commas, missing or empty values as "—"), escaped for markdown
 * in markdown mode; `| raw` prints the text as is (markdown that an earlier step wrote).
 */

export type EscapeMode = 'markdown' | 'none';

export interface TemplateData {
  input: Record<string, unknown>;
  /** What earlier steps found (see readFindings). */
  files?: Record<string, unknown>;
}

interface TemplateOptions {
  escape?: EscapeMode;
  /** How long one render may take (tests shorten it). */
  renderLimitMs?: number;
}

/**
 * A render that allocates or runs past these is a template's bug or an attack, not a report: a loop
 * over 10,000 items of an input (100,000 characters) took 140 to 240 ms on a loaded 2-core machine,
 * so 2 s leaves ten times that. (LiquidJS 10 counts allocations and time, not loop turns, so a loop
 * that allocates nothing is bounded by time.) Loops whose cost grows faster than the input are
 * refused before rendering (loop-cost.ts).
 */
const MEMORY_LIMIT = 50_000_000;
const RENDER_LIMIT_MS = 2_000;

function engine(escape: (text: string) => string): Liquid {
  const liquid = new Liquid({
    // Only own properties of the data are visible: no `constructor`, no `__proto__`.
    ownPropertyOnly: true,
    strictFilters: true,
    // Whitespace control trims to the end of the line only, so a block tag alone on its line can take
    // just that line with it (`{% if x -%}`).
    greedy: false,
    // No partials: `{% include %}` and `{% render %}` find nothing instead of reading files.
    templates: {},
    parseLimit: 1_000_000,
    outputEscape: (value: unknown) => escape(formatValue(value)),
  });
  for (const [name, filter] of Object.entries(reportFilters(escape))) liquid.registerFilter(name, filter);
  return liquid;
}

const ENGINES: Record<EscapeMode, Liquid> = {
  markdown: engine(escapeMarkdown),
  none: engine((text) => text),
};

/** A parsed template, and why its loops cost more than the input's size (null: they do not). */
interface Parsed {
  templates: Template[];
  refusal: string | null;
}

/** Parsed templates by source: a workflow's runs render the same few templates thousands of times. */
const parsed = new Map<string, Parsed>();
const PARSED_LIMIT = 500;

function parse(template: string, mode: EscapeMode): Parsed {
  const key = `${mode}\u0000${template}`;
  let found = parsed.get(key);
  if (!found) {
    const templates = ENGINES[mode].parse(template);
    found = { templates, refusal: growingLoop(templates) };
    if (parsed.size >= PARSED_LIMIT) parsed.delete(parsed.keys().next().value!);
    parsed.set(key, found);
  }
  return found;
}

/**
 * A copy of JSON data in which every object has its own (hidden) `size`: Liquid would otherwise
 * answer a missing `input.size` with the number of fields.
 */
function withOwnSize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withOwnSize);
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = withOwnSize(item);
  if (!Object.hasOwn(copy, 'size')) Object.defineProperty(copy, 'size', { value: undefined, enumerable: false });
  return copy;
}

/**
 * Fills a Liquid template with the input and earlier findings. A render that exceeds the limits
 * fails the step with a message; a template that does not parse is a bug and throws as such.
 */
export function renderTemplate(template: string, data: TemplateData, options: TemplateOptions = {}): string {
  if (typeof template !== 'string') throw new TypeError(`a template must be text, not ${typeof template}`);
  const escape = options.escape ?? 'markdown';
  const { templates, refusal } = parse(template, escape);
  if (refusal) throw new StepFailure(refusal);
  const scope = { input: withOwnSize(data.input), files: withOwnSize(data.files ?? {}) };
  try {
    const limits = { memoryLimit: MEMORY_LIMIT, renderLimit: options.renderLimitMs ?? RENDER_LIMIT_MS };
    return ENGINES[escape].renderSync(templates, scope, limits) as string;
  } catch (error) {
    if (error instanceof LiquidError && /limit exceeded/.test(error.message))
      throw new StepFailure(
        'this input makes the template too large or too slow to fill in (a template limit was reached)',
      );
    throw error;
  }
}
