import type { operations } from '../../../contract/api-types';
import { LIMITS } from '../../../contract/limits';
import type { ListPage } from '../../../contract/openapi-document';
import { normalizeTimestamp } from '../../store/timestamps';
import { badRequest } from '../plugins/errors';
import { PAGE_MESSAGES } from '../plugins/request-messages';

type PageQuery = NonNullable<operations['listWorkflows']['parameters']['query']>;

/**
 * A "+" in a cursor that was not URL-encoded arrives as a space ("…123456 02:00"); such a value
 * cannot mean anything else, so it is read as the offset it was.
 */
export function repairCursor(cursor: string): string {
  return cursor.replace(/ (\d{2}:\d{2})$/, '+$1');
}

/** The exclusive upper bound for the next page, in stored form, or null for the first page. */
function cursorBound(cursor: string | undefined): string | null {
  if (cursor === undefined) return null;
  const bound = normalizeTimestamp(cursor);
  if (bound === null) throw badRequest(PAGE_MESSAGES.cursor);
  return bound;
}

/**
 * Reads one more row than asked to learn whether a next page exists; the cursor is then the
 * created_at of the last row returned, and the next page starts strictly before it.
 */
export async function paginate<Row extends { created_at: string }, Item>(
  query: PageQuery,
  fetch: (before: string | null, limit: number) => Promise<Row[]>,
  present: (row: Row) => Item,
): Promise<ListPage<Item>> {
  const limit = query.limit ?? LIMITS.defaultPageSize;
  const rows = await fetch(cursorBound(query.cursor), limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { data: page.map(present), cursor: rows.length > limit && last ? last.created_at : null };
}
