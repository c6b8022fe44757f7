import { z } from 'zod';
import { defineKind, type StepKind } from '../kind';
import { fileText, textFile } from '../output-files';
import { files, markdownSource, specParts } from '../step-parts';

/** How one markdown-to-text kind differs from the others: its names and its conversion. */
interface MarkdownTextKind<K extends string> {
  kind: K;
  label: string;
  returns: string;
  extension: string;
  /** What it makes, in the message of a plan with no markdown before it: `an HTML page`. */
  makes: string;
  convert(markdown: string, filename: string): string;
  /** One sentence for a person, given the file name. */
  describe(filename: string): string;
  /** One line for the model. */
  description: string;
}

/**
 * A kind that writes the previous step's markdown as one text file of another format, with no
 * parameters besides the file name: the spec, run and model answer are the same for each.
 */
export function markdownTextKind<K extends string>(
  options: MarkdownTextKind<K>,
): StepKind<K, { kind: K; filename: string }, Record<string, never>> {
  const spec = z.object({ kind: z.literal(options.kind), filename: specParts.filename }) as z.ZodType<{
    kind: K;
    filename: string;
  }>;
  return defineKind({
    kind: options.kind,
    spec,
    label: options.label,
    returns: options.returns,
    seconds: 1,
    extension: options.extension,
    run(step, ctx) {
      const source = markdownSource(ctx, options.makes);
      return files(textFile(step.filename, options.convert(fileText(source), step.filename)));
    },
    describe: (step) => options.describe(step.filename),
    model: {
      description: options.description,
      parameters: {},
      fromAnswer(_answer, check) {
        check.markdownBefore();
        return { kind: options.kind, filename: check.filename };
      },
    },
  });
}
