import { humanList } from '../lib/text-case';
import type { JsonSchema } from '../lib/json-schema';
import type { AnyKind } from '../steps/registry';
import { modelKinds } from '../steps/registry';

/** A step as the model answers it: its kind, the file it writes, and every kind's parameters (null when unused). */
export interface StepAnswer {
  kind: string;
  filename: string | null;
  [parameter: string]: unknown;
}

/** The most characters of a file name the model may give. */
const FILENAME_LIMIT = 60;

/** The extension the step's file must have, or null when it writes none (or its answer leaves it open). */
export function answerExtension(kind: AnyKind, answer: StepAnswer): string | null {
  return kind.extension ?? kind.model?.extensionOf?.(answer as never) ?? null;
}

/** Whether a kind writes a file of its own (an approval and a guard do not). */
export const writesFile = (kind: AnyKind): boolean => kind.extension !== null || !!kind.model?.extensionOf;

const withoutDescription = ({ description: _, ...rest }: JsonSchema) => JSON.stringify(rest);

/**
 * One object for every kind (strict mode has no oneOf): `kind`, `filename` and the union of the
 * kinds' parameters, each described with the kinds that read it. Two kinds naming the same
 * parameter must agree on its schema.
 */
export function stepAnswerSchema(): JsonSchema {
  const kinds = modelKinds();
  const merged = new Map<string, { schema: JsonSchema; uses: Map<string, string[]> }>();
  for (const kind of kinds) {
    for (const [name, parameter] of Object.entries(kind.model.parameters)) {
      const entry = merged.get(name) ?? { schema: parameter.schema, uses: new Map<string, string[]>() };
      if (withoutDescription(entry.schema) !== withoutDescription(parameter.schema))
        throw new Error(`step kinds disagree on the schema of the parameter "${name}" (${kind.kind})`);
      const description = String(parameter.schema.description);
      entry.uses.set(description, [...(entry.uses.get(description) ?? []), kind.kind]);
      merged.set(name, entry);
    }
  }
  const properties: Record<string, JsonSchema> = {
    kind: {
      type: 'string',
      enum: kinds.map((kind) => kind.kind),
      description: 'What the step does (see the instructions).',
    },
    filename: {
      type: ['string', 'null'],
      maxLength: FILENAME_LIMIT,
      description: `The file the step writes, lower-case with hyphens and the extension its kind writes; null for ${humanList(
        kinds.filter((kind) => !writesFile(kind)).map((kind) => kind.kind),
      )}.`,
    },
  };
  for (const [name, { schema, uses }] of merged) {
    const by = [...uses].map(([description, users]) => `${users.join(', ')}: ${description}`);
    properties[name] = { ...schema, description: `${by.join('; ')}; null otherwise.` };
  }
  return {
    type: 'object',
    description: 'One step; parameters a kind does not use are null.',
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  };
}

/** The kinds as the model's instructions list them, a line each. */
export function stepKindLines(): string {
  return modelKinds()
    .map((kind) => `- ${kind.kind}: ${kind.model.description}`)
    .join('\n');
}
