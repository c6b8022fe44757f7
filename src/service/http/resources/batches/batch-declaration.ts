import type { Schemas } from '../../../../contract/openapi-document';
import { badRequest } from '../../plugins/errors';

/** The mapping is the client's own record; this keeps one from filling the database. */
const MAPPING_MAX_BYTES = 64 * 1024;
/** A declaration in all: file name, columns and mapping as stored. */
const DECLARATION_MAX_BYTES = 256 * 1024;
/** Deeper than any mapping a person makes; a deeper one only costs stack to read and write. */
export const MAPPING_MAX_DEPTH = 32;

/** How deeply `value` nests objects and arrays, counted without recursion (so no depth can overflow the stack). */
function depthOf(value: unknown, most: number): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    const level = depth + 1;
    if (level > most) return level;
    deepest = Math.max(deepest, level);
    for (const child of Object.values(item)) stack.push([child, level]);
  }
  return deepest;
}

/** The declaration's columns and mapping as stored (JSON); 400 when it passes a limit. */
export function storedDeclaration(body: Schemas['DeclareBatchRequest']): { columns: string; mapping: string } {
  if (depthOf(body.mapping, MAPPING_MAX_DEPTH) > MAPPING_MAX_DEPTH)
    throw badRequest(`mapping must nest at most ${MAPPING_MAX_DEPTH} levels of objects and lists`);
  const mapping = JSON.stringify(body.mapping);
  if (Buffer.byteLength(mapping) > MAPPING_MAX_BYTES)
    throw badRequest(`mapping must be at most ${MAPPING_MAX_BYTES / 1024} KB of JSON`);
  const columns = JSON.stringify(body.columns);
  const total = Buffer.byteLength(columns) + Buffer.byteLength(mapping) + Buffer.byteLength(body.file_name);
  if (total > DECLARATION_MAX_BYTES)
    throw badRequest(
      `the batch's file name, columns and mapping must be at most ${DECLARATION_MAX_BYTES / 1024} KB together (these are ${Math.ceil(total / 1024)} KB): shorten the column names`,
    );
  return { columns, mapping };
}

/** A batch rows cursor: the row number a previous page ended at, in plain digits; 400 otherwise. */
export function rowsCursor(raw: string | undefined): number {
  if (raw === undefined) return -1;
  if (!/^(?:0|[1-9]\d{0,8})$/.test(raw)) throw badRequest('cursor must be the cursor of the previous page');
  return Number(raw);
}
