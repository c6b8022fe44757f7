/** Who a thing is said to belong to, read from the words around it. */
import type { Token } from './retag';

/** Whose the phrase at `at` is, said before it: "their" in "their website", "buyer" in "the buyer's email". */
export const whoseAt = (tokens: Token[], at: number): string | undefined =>
  /^(?:their|our|my|your|his|her)$/.exec(tokens[at - 1]?.lower ?? '')?.[0] ??
  (/^['’]s$/.test(tokens[at + 1]?.lower ?? '') && tokens[at]?.pos === 'NOUN' ? tokens[at].lower : undefined);
