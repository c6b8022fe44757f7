import { expect, it } from 'vitest';
import { newReadState } from '../../infer-fields';
import type { ReadState } from '../state';

/** The fields a stage found, as `key:kind` (enums with their values, lists with their item kind). */
export function fieldsOf(state: ReadState): string[] {
  return state.fields.all().map((field) => {
    const detail =
      field.kind === 'enum'
        ? `(${(field.enumValues ?? []).join('|')})`
        : field.kind === 'list'
          ? `<${field.itemKind ?? ''}>`
          : field.kind === 'rows'
            ? `(${(field.columns ?? []).map((column) => column.key).join(',')})`
            : '';
    return `${field.key}:${field.kind}${detail}${field.required ? '' : '?'}`;
  });
}

/** The text a stage left for the later ones, with runs of blanks squeezed. */
export function leftOf(state: ReadState): string {
  return state.prompt.free().replace(/\s+/g, ' ').trim();
}

/** The reading state after one stage has read the prompt. */
export function stateAfter(stage: (state: ReadState) => void, prompt: string): ReadState {
  const state = newReadState(prompt);
  stage(state);
  return state;
}

/**
 * One test per behaviour, each a table of prompts and what `read` makes of them; a failing row is
 * named by its prompt.
 */
export function itReads<T>(read: (prompt: string) => T, behaviours: Record<string, Record<string, T>>): void {
  for (const [behaviour, rows] of Object.entries(behaviours))
    it(behaviour, () => {
      for (const [prompt, expected] of Object.entries(rows)) expect(read(prompt), prompt).toEqual(expected);
    });
}

/** itReads for one stage: what it leaves in the reading state, seen through `view` (fieldsOf, leftOf). */
export function itStageReads<T>(
  stage: (state: ReadState) => void,
  view: (state: ReadState) => T,
  behaviours: Record<string, Record<string, T>>,
): void {
  itReads((prompt) => view(stateAfter(stage, prompt)), behaviours);
}
