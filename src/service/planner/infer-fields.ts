import { FieldSet } from './fields';
import { PromptText } from './prompt-text';
import { readBooleans } from './reading/booleans';
import { readChoices } from './reading/choices';
import { readCompounds } from './reading/compounds';
import { readCounts } from './reading/counts';
import { readExtraction } from './reading/entities';
import { readEnums } from './reading/enums';
import { readExplicitLists } from './reading/explicit-lists';
import { readLists } from './reading/lists';
import { readModifiers } from './reading/modifiers';
import { readPlanningNotes } from './reading/notes';
import { scanNouns } from './reading/nouns';
import { readOutputs } from './reading/outputs';
import { readConcurrency } from './reading/pace';
import { readGuards } from './reading/guards';
import type { ReadState, Reading } from './reading/state';
import { readSortKey, readVerbObject } from './reading/verb-object';

export type { EntityKind, GuardDraft, Reading } from './reading/state';

/** Masks "plain text" and the like: they name an output format, never a "text" input. */
function maskFormatWords(state: ReadState): void {
  for (const match of state.prompt.matches(/\b(?:plain[- ]text|text file|txt)\b/g))
    state.prompt.mask(match.index, match.index + match[0].length);
}

/**
 * The stages, in order. Each masks what it understood, so a later one never reads it again: what
 * the local service cannot do (schedules, services) first, then rules and labels (their nouns are not inputs), then the shapes that say most about a field
 * (enums, booleans, lists, counts), then explicit lists of inputs, and last the loose nouns.
 */
const STAGES: ((state: ReadState) => void)[] = [
  readPlanningNotes,
  (state) => {
    state.namingText = state.prompt
      .free()
      .replace(/\s+/g, ' ')
      .replace(/^[\s,.;:]+/, '');
  },
  maskFormatWords,
  readGuards,
  readSortKey,
  readExtraction,
  readConcurrency,
  readOutputs,
  readCompounds,
  readEnums,
  readChoices,
  readBooleans,
  readLists,
  readCounts,
  readExplicitLists,
  (state) => {
    if (!state.strongList) readVerbObject(state);
  },
  (state) => {
    if (!state.strongList) scanNouns(state);
  },
  readModifiers,
];

/** The state before the first stage: nothing read, nothing masked. */
export function newReadState(prompt: string): ReadState {
  return {
    prompt: new PromptText(prompt),
    fields: new FieldSet(),
    guards: [],
    entityKinds: [],
    notes: [],
    sought: [],
    namingText: '',
    concurrency: 'medium',
    strongList: false,
  };
}

/** Reads a prompt's inputs, rules, extraction wishes and pace. */
export function readPrompt(prompt: string): Reading {
  const state = newReadState(prompt);
  for (const stage of STAGES) stage(state);
  return {
    fields: state.fields.all(),
    guards: state.guards,
    entityKinds: state.entityKinds,
    concurrency: state.concurrency,
    intentText: state.prompt.free(),
    prompt: state.prompt,
    notes: state.notes,
    namingText: state.namingText,
    sought: state.sought,
  };
}
