import type { z } from 'zod';
import type { ModelSide, Param, StepKind } from './kind';
import { approval } from './kinds/approval';
import { bundle } from './kinds/bundle';
import { csvTable } from './kinds/csv-table';
import { extractEntities } from './kinds/extract-entities';
import { guard } from './kinds/guard';
import { jsonOutput } from './kinds/json-output';
import { markdownReport } from './kinds/markdown-report';
import { modelWrite } from './kinds/model-write';
import { pdfDocument } from './kinds/pdf-document';
import { plainText } from './kinds/plain-text';
import { renderHtml } from './kinds/render-html';
import { summarize } from './kinds/summarize';

/**
 * Every kind of step, in the order the model is offered them. A new kind is a file in kinds/ and a
 * line here: the run dispatch, time estimates, labels, the model's schema, the plan check and the
 * describer all read this list.
 */
const KINDS = [
  modelWrite,
  markdownReport,
  summarize,
  extractEntities,
  csvTable,
  renderHtml,
  pdfDocument,
  plainText,
  jsonOutput,
  approval,
  guard,
  bundle,
] as const;

type SpecOf<T> = T extends { spec: z.ZodType<infer S> } ? S : never;

/** One step of a workflow, as plans store it: the spec of one of the registered kinds. */
export type RegisteredStep = SpecOf<(typeof KINDS)[number]>;

/** A kind with its types forgotten, for code that handles every kind alike. */
export type AnyKind = StepKind<string, { kind: string }, Record<string, Param<unknown>>>;

const BY_KIND = new Map<string, AnyKind>(KINDS.map((kind) => [kind.kind, kind as unknown as AnyKind]));

export const stepKinds = (): AnyKind[] => [...BY_KIND.values()];

export function kindOf(kind: string): AnyKind | undefined {
  return BY_KIND.get(kind);
}

/** The kinds the model may choose, with what it is told about them. */
export function modelKinds(): Array<AnyKind & { model: ModelSide<{ kind: string }, Record<string, Param<unknown>>> }> {
  return stepKinds().filter((kind): kind is AnyKind & { model: NonNullable<AnyKind['model']> } => !!kind.model);
}
