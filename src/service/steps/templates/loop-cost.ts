import type { Template } from 'liquidjs';

/**
 * Templates come from plans, and a model writes the plans it makes: a template is untrusted code.
 * Its cost must follow the input's size, not its square: a loop over a list inside a loop over a
 * list (`{% for a in input.list %}{% for b in input.list %}`) does the inner work once per pair,
 * which for an input of 100,000 items is 10^10 turns. Such templates are refused before they render;
 * the render budget (liquid.ts) bounds whatever this reading does not catch.
 *
 * Allowed: a loop over the enclosing loop's item (`{% for cell in row.cells %}`: every part of the
 * input is visited once), a loop with a fixed `limit:`, and a range with fixed bounds.
 */

interface LoopTag {
  name: 'for' | 'tablerow';
  variable: string;
  collection: { getText(): string };
}

/** A loop's options (`limit: 3`): `hash` on for, `args` on tablerow. */
type LoopOptions = { hash?: Record<string, { getText(): string } | undefined> } | undefined;

function limitOf(loop: LoopTag): string | undefined {
  const options = ((loop as { hash?: LoopOptions }).hash ?? (loop as { args?: LoopOptions }).args)?.hash;
  return options?.limit?.getText();
}

/** An enclosing loop whose length follows the input. */
interface OpenLoop {
  over: string;
  item: string;
}

function isLoop(template: Template): template is Template & LoopTag {
  const name = (template as { name?: unknown }).name;
  return (name === 'for' || name === 'tablerow') && 'collection' in template && 'variable' in template;
}

/** A tag's inner templates (blocks, branches, else parts), read through LiquidJS's static analysis API. */
function childrenOf(template: Template): Template[] {
  const tag = template as {
    children?: (partials: boolean, sync: boolean) => Generator<unknown, Template[] | undefined>;
  };
  if (typeof tag.children !== 'function') return [];
  const walk = tag.children(false, true);
  let step = walk.next();
  while (!step.done) step = walk.next();
  return step.value ?? [];
}

const FIXED_RANGE = /^\(\s*-?\d+\s*\.\.\s*-?\d+\s*\)$/;

/** Why the loops of `templates` cost more than the input's size, or null when they do not. */
export function growingLoop(templates: Template[], open: OpenLoop[] = []): string | null {
  for (const template of templates) {
    let inner = open;
    if (isLoop(template)) {
      const over = template.collection.getText().trim();
      const limit = limitOf(template);
      const fixed = FIXED_RANGE.test(over) || (limit !== undefined && /^\d+$/.test(limit));
      if (!fixed && over.startsWith('('))
        return `the template loops over ${over}, a range set by the input, so its work would grow with what the input says; loop over a list of the input instead`;
      const root = /^[\w-]+/.exec(over)?.[0] ?? over;
      const walksItem = open.some((loop) => loop.item === root);
      const outer = open.at(-1);
      if (!fixed && !walksItem && outer)
        return `the template loops over ${over} inside a loop over ${outer.over}, so its work would grow with the square of the input’s size; loop over one list at a time`;
      if (!fixed) inner = [...open, { over, item: template.variable }];
    }
    const found = growingLoop(childrenOf(template), inner);
    if (found) return found;
  }
  return null;
}
