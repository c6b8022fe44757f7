import { clipAtWord, kebabCase, snakeCase } from '../lib/text-case';
import { kindOf, stepKinds } from '../steps/registry';
import type { PlanAnswer } from './plan-answer';
import { answerExtension, type StepAnswer } from './step-schema';

/** The most characters of a key and of a file name the plan check allows. */
const KEY_LIMIT = 40;
const FILENAME_LIMIT = 60;

/** Other spellings of the extensions steps write. */
const EXTENSION_SPELLINGS: Record<string, string> = { markdown: 'md', htm: 'html', text: 'txt', jsn: 'json' };

/** `customerName`, `Customer Name`, `customer-name` → `customername`: how two spellings of one name compare. */
const loose = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** `customerName` → `customer name`, `URLList` → `URL List`: camel case read as words. */
const camelWords = (text: string) =>
  text.replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2').replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2');

const keyOf = (name: string) => clipAtWord(snakeCase(camelWords(name)), KEY_LIMIT, '_');

/** A file's name without its extension, as templates name it: `summary.md` → `summary`. */
const stemOf = (filename: string) => filename.replace(/\.[^.]*$/, '');

/** The first of `name`, `name_2`, `name_3`… not yet taken; takes it. */
function unique(name: string, taken: Set<string>, join: (name: string, n: number) => string): string {
  let candidate = name;
  for (let n = 2; taken.has(candidate); n++) candidate = join(name, n);
  taken.add(candidate);
  return candidate;
}

/** New names by the old, exactly and loosely spelled; the first of several loose matches wins. */
class Renames {
  private readonly exact = new Map<string, string>();
  private readonly loosely = new Map<string, string>();

  add(old: string, renamed: string): void {
    if (!this.exact.has(old)) this.exact.set(old, renamed);
    if (!this.loosely.has(loose(old))) this.loosely.set(loose(old), renamed);
    if (!this.loosely.has(loose(renamed))) this.loosely.set(loose(renamed), renamed);
  }

  /** The name `name` now has, or `name` when it names nothing known (left for the check to report). */
  of(name: string, known: Set<string>): string {
    if (known.has(name)) return name;
    return this.exact.get(name) ?? this.loosely.get(loose(name)) ?? name;
  }
}

/** Splits a file name into its stem and an extension steps write (`Report.MD` → `Report`, `md`). */
function splitFilename(filename: string, extensions: Set<string>): { stem: string; extension: string | null } {
  const match = /^(.*)\.([a-z]{2,8})$/i.exec(filename.trim());
  const extension = match ? (EXTENSION_SPELLINGS[match[2]!.toLowerCase()] ?? match[2]!.toLowerCase()) : null;
  return match && extension && extensions.has(extension)
    ? { stem: match[1]!, extension }
    : { stem: filename.trim(), extension: null };
}

/** Rewrites `input.x`, `input["x"]`, `files.x` in a template to the names they now have. */
function renameReferences(template: string, inputs: (name: string) => string, files: (name: string) => string): string {
  return template.replace(
    /\b(input|files)(?:\.([\p{L}\p{N}_-]+)|\[\s*(["'])([^"'\]]+)\3\s*\])/gu,
    (whole, root: string, dotted: string | undefined, _quote, quoted: string | undefined) => {
      const name = (dotted ?? quoted)!;
      const renamed = root === 'input' ? inputs(name) : files(name);
      if (renamed === name && dotted !== undefined) return whole;
      return /^[\p{L}_][\p{L}\p{N}_-]*$/u.test(renamed) ? `${root}.${renamed}` : `${root}["${renamed}"]`;
    },
  );
}

/**
 * Repairs what is cosmetic in the model's plan, so that a plan almost right is used rather than
 * sent back: input keys and JSON property names in snake case (`Customer Name`, `customerName` →
 * `customer_name`) and unique, file names in kebab case with the extension their step writes
 * (`Sales Email` → `sales-email.md`) and unique, and every template, input list and file list
 * that names them renamed with them. What it cannot tell (a reference to nothing, an extension
 * that contradicts the step) is left for the check to report.
 */
export function repairPlan(plan: PlanAnswer): PlanAnswer {
  const keys = new Set<string>();
  const inputRenames = new Renames();
  const inputs = plan.inputs.map((input) => {
    const key = unique(keyOf(input.key.trim() || input.title), keys, (name, n) => `${name}_${n}`);
    inputRenames.add(input.key, key);
    return { ...input, key };
  });
  const extensions = new Set(stepKinds().flatMap((kind) => (kind.extension ? [kind.extension] : [])));
  for (const format of ['md', 'txt', 'json']) extensions.add(format);
  const filenames = new Set<string>();
  const stems = new Set<string>();
  const fileRenames = new Renames();
  const inputName = (name: string) => inputRenames.of(name, keys);
  const fileStem = (name: string) => stemOf(fileRenames.of(name, stems));
  const fileName = (name: string) => fileRenames.of(name, filenames);
  const steps = plan.steps.map((answer): StepAnswer => {
    const kind = kindOf(answer.kind);
    if (!kind?.model) return answer;
    const step: StepAnswer = { ...answer };
    // Parameters first: a template reads only files of the steps before it.
    for (const [name, parameter] of Object.entries(kind.model.parameters)) {
      const value = step[name];
      if (value === null || value === undefined) continue;
      if (parameter.role === 'template' && typeof value === 'string')
        step[name] = renameReferences(value, inputName, fileStem);
      else if (parameter.role === 'input' && typeof value === 'string')
        step[name] = value === '*' ? value : inputName(value);
      else if (parameter.role === 'inputs' && Array.isArray(value))
        step[name] = value.map((key: string) => inputName(key));
      else if (parameter.role === 'files' && Array.isArray(value))
        step[name] = value.map((file: string) => fileName(file));
      else if (parameter.role === 'keys' && Array.isArray(value)) {
        const taken = new Set<string>();
        step[name] = (value as Array<{ key: string }>).map((item) => ({
          ...item,
          key: unique(keyOf(item.key), taken, (key, n) => `${key}_${n}`),
        }));
      }
    }
    const extension = answerExtension(kind, step);
    // A missing name comes from the step's title without its template tags, else from its kind.
    const title = typeof step.title === 'string' ? step.title.replace(/\{[{%][^{}]*[}%]\}/g, ' ').trim() : '';
    const given = step.filename?.trim() || title || kind.label;
    if (extension === null && !kind.model.extensionOf) return step;
    const { stem, extension: written } = splitFilename(given, extensions);
    // An extension that contradicts the step (a .json for a Markdown email) is the model's to settle.
    if (written && extension && written !== extension) return step;
    const suffix = written ?? extension;
    if (!suffix) return step;
    const base = clipAtWord(kebabCase(camelWords(stem)), FILENAME_LIMIT - suffix.length - 3, '-');
    const filename = unique(`${base}.${suffix}`, filenames, (name, n) => `${stemOf(name)}-${n}.${suffix}`);
    stems.add(stemOf(filename));
    for (const old of [step.filename ?? '', stem, stemOf(filename)]) if (old) fileRenames.add(old, filename);
    return { ...step, filename };
  });
  return { ...plan, inputs, steps };
}
