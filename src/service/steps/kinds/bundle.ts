import { z } from 'zod';
import type { OutputFile } from '../step-io';
import { defineKind } from '../kind';
import { files } from '../step-parts';

const spec = z.object({ kind: z.literal('bundle') });

/** Keeps one file per name, the latest version, in the order names first appeared. */
function latestOfEach(all: OutputFile[]): OutputFile[] {
  const byName = new Map<string, OutputFile>();
  for (const file of all) byName.set(file.filename, file);
  return [...byName.values()];
}

/** Adds every earlier file to the results, so one execution can return several files. Plans end with it. */
export const bundle = defineKind({
  kind: 'bundle',
  spec,
  label: 'Bundle results',
  seconds: 1,
  extension: null,
  run: (_step, ctx) => files(...latestOfEach(ctx.files)),
  describe: () => 'Returns every file made above.',
});
