/**
 * "visitors to a site (construction, warehouse or office)", "a listing for a flat, house or bungalow",
 * "a note for a pallet, box or envelope shipment": values offered for a thing the job makes or goes
 * to are kinds of it, and which kind is the person's to give ("site_type", "property_type"); what
 * the person picks for it ("in the tone I pick: …") is theirs to give by its own name.
 */
import { VERB_CLASSES } from '../../contract/prompt-words';
import type { Choice } from './choices';
import { choiceName, choiceValue } from './value-words';
import type { Token } from './retag';
import { snakeCase } from '../lib/text-case';

export function kindChosen(tokens: Token[], choice: Choice): { key: string; values: string[] } | undefined {
  const about = choice.about;
  // "in the tone I pick: formal, friendly or excited": what the person picks for what is made is theirs to give.
  const said = about ? tokens.slice(about.start + 1, about.end + 2) : [];
  const picked = said.some(
    (t, k) => /^(?:i|we)$/.test(t.lower) && VERB_CLASSES.personPicks.has(said[k + 1]?.lemma ?? ''),
  );
  if (about && picked) return { key: snakeCase(about.head), values: choice.values.map(choiceValue) };
  // (A thing gone to or done at, not one the job makes: "set a priority (…)", "a category (…)" are made.)
  const visited = /^(?:to|at|in)$/.test(about?.before?.lower ?? '');
  const bracketed = tokens[choice.start - 1]?.text === '(' && about?.end === choice.start - 1 && visited;
  const article = /^(?:a|an)$/.test(tokens[choice.start - 1]?.lower ?? '') ? 1 : 0;
  const forOne = tokens[choice.start - 1 - article]?.lower === 'for';
  if (!about || (!bracketed && !forOne)) return undefined;
  // ("a pallet, box or envelope shipment": the noun after the last value is what they are kinds of.)
  const last = choice.values.at(-1)!.split(' ');
  const shared = forOne && last.length === 2 && choice.values.slice(0, -1).every((v) => !v.includes(' '));
  const values = shared ? [...choice.values.slice(0, -1), last[0]!] : choice.values;
  // ("a listing for a flat, house or bungalow": a kind of no thing named is a type.)
  const kind = shared ? last[1] : bracketed ? about.head : undefined;
  const key = choiceName(values.map((v) => v.toLowerCase())) ?? (kind ? `${kind} type` : 'type');
  return { key: snakeCase(key), values: values.map(choiceValue) };
}
