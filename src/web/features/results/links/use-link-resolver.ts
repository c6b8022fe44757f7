import { useRef } from 'react';
import type { ResultFile } from '@contract/openapi-document';
import { createLinkResolver, type LinkResolver } from './fresh-links';

/** One link resolver per result list, kept in step with the page's latest detail. */
export function useLinkResolver(
  files: ResultFile[],
  fetchedAt: number,
  refreshFiles: () => Promise<ResultFile[]>,
): LinkResolver {
  const refreshRef = useRef(refreshFiles);
  refreshRef.current = refreshFiles;
  const resolverRef = useRef<LinkResolver | null>(null);
  resolverRef.current ??= createLinkResolver({ files, fetchedAt }, () => refreshRef.current());
  resolverRef.current.update({ files, fetchedAt });
  return resolverRef.current;
}
