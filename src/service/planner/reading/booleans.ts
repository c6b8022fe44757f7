import { makeField } from '../fields';
import { FILLER, STOP } from '../lexicon';
import { snakeCase, withoutOpenParenthesis } from '../../workflow/text-case';
import { group, lastWord, type ReadState } from './state';

const NAMED_YES_NO = [
  // eslint-disable-next-line regexp/no-super-linear-move -- the lookbehind runs only at a letter right after hyphens, so each hyphen is read back once
  /\b(?<![a-z]-+)([a-z][a-z-]*(?: [a-z][a-z-]*)?)\s*\(\s*(?:yes\s*\/\s*no|y\s*\/\s*n|true\s*\/\s*false|yes or no)\s*\)/g,
  /\b(?:a |an )?(?:flag|checkbox|toggle|tick ?box|switch) (?:for|whether|if) (?:the |it is |it's )?([a-z][a-z-]*(?: [a-z][a-z-]*)?)/g,
];

/** Yes/no inputs: "whether it is urgent", "urgent or not", "rush (yes/no)", "a flag for gift wrap". */
export function readBooleans(state: ReadState): void {
  const { prompt } = state;
  for (const match of prompt.matches(/\bwhether (?:or not )?(.+?)(?=[,.;!?\n)]| and | or |$)/g)) {
    const clause = group(match, 1).trim();
    const key = booleanKey(clause);
    if (!key) continue;
    // The clause stops before a ")", so a trailing "(yes/no" would be left unclosed.
    const description = `Whether ${withoutOpenParenthesis(clause).replace(/\s+/g, ' ')}.`;
    state.fields.add(
      makeField(key, 'boolean', lastWord(key.split('_')), match.index, {
        required: false,
        default: false,
        description,
      }),
    );
    prompt.mask(match.index, match.index + match[0].length);
  }
  // eslint-disable-next-line regexp/no-super-linear-move -- the lookbehind runs only at a letter right after hyphens, so each hyphen is read back once
  for (const match of prompt.matches(/\b(?<![a-z]-+)([a-z][a-z-]*) or not\b/g)) {
    const word = group(match, 1);
    if (STOP.has(word)) continue;
    state.fields.add(makeField(snakeCase(word), 'boolean', word, match.index, { required: false, default: false }));
    prompt.mask(match.index, match.index + match[0].length);
  }
  // "rush (yes/no)", then "a flag for gift wrap": the phrase in the group names the input.
  for (const pattern of NAMED_YES_NO) {
    for (const match of prompt.matches(pattern)) {
      const words = group(match, 1)
        .split(' ')
        .filter((word) => !STOP.has(word));
      if (words.length === 0) continue;
      state.fields.add(
        makeField(snakeCase(words.join(' ')), 'boolean', lastWord(words), match.index, {
          required: false,
          default: false,
        }),
      );
      prompt.mask(match.index, match.index + match[0].length);
    }
  }
}

/** The key of a "whether …" boolean: "it is urgent" → urgent, "to include a logo" → include_logo. */
function booleanKey(clause: string): string | null {
  const words = clause.toLowerCase().split(/\s+/).filter(Boolean);
  const content = (list: string[]) =>
    list.filter((word) => !STOP.has(word) && !FILLER.has(word) && /^[a-z][a-z-]*$/.test(word));
  if (words[0] === 'to') {
    const rest = content(words.slice(1)).slice(0, 3);
    return rest.length > 0 ? snakeCase(rest.join(' ')) : null;
  }
  const verb = words.findIndex((word) =>
    [
      'is',
      'are',
      'was',
      'were',
      'has',
      'have',
      'needs',
      'need',
      'requires',
      'should',
      'can',
      'includes',
      'wants',
      'did',
      'does',
    ].includes(word),
  );
  if (verb !== -1) {
    const predicate = words
      .slice(verb + 1)
      .filter((word) => !['been', 'be', 'a', 'an', 'the', 'to', 'already'].includes(word));
    const main = content(predicate).slice(0, 2);
    if (main.length === 0) return null;
    const lead =
      words[verb] === 'has' || words[verb] === 'have'
        ? main.length === 1 && /ed$/.test(main[0] ?? '')
          ? []
          : ['has']
        : words[verb] === 'needs' || words[verb] === 'need' || words[verb] === 'requires'
          ? ['needs']
          : [];
    return snakeCase([...lead, ...main].join(' '));
  }
  const rest = content(words).slice(0, 3);
  return rest.length > 0 ? snakeCase(rest.join(' ')) : null;
}
