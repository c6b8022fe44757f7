import { FileFetchError, fetchBytesWithLimit } from '@/lib/fetch-with-limit';
import type { LinkResolver } from '@/features/results/links/fresh-links';
import { PREVIEW_BYTE_LIMITS } from './pick-preview';

/** PDF readers accept the `%PDF-` header anywhere in the first 1,024 bytes; so does the preview. */
const HEADER_WINDOW = 1024;
const MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

export function looksLikePdf(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.byteLength, HEADER_WINDOW) - MAGIC.length;
  for (let start = 0; start <= end; start += 1) {
    if (MAGIC.every((byte, i) => bytes[start + i] === byte)) return true;
  }
  return false;
}

export type PdfSource =
  | { status: 'pdf'; blob: Blob }
  | { status: 'not-pdf'; contentType: string | null }
  | { status: 'too-large'; bytes: number | null; limit: number }
  | { status: 'unreachable' }
  | { status: 'failed'; message: string };

const isRejectedLink = (error: unknown) =>
  error instanceof FileFetchError && (error.status === 403 || error.status === 410);

/**
 * The bytes of a result PDF, checked to be one, as a blob typed application/pdf: the preview frames
 * this blob, never the server's link, so a server that answers a web page for a .pdf link gets no
 * page of its own inside the dashboard. A link whose host refuses this origin (CORS) or cannot be
 * reached is `unreachable`: the caller offers the download instead of framing what it cannot check.
 */
export async function loadPdf(
  resolver: Pick<LinkResolver, 'fresh'>,
  filename: string,
  options: { fetchImpl?: typeof fetch; signal?: AbortSignal; limit?: number } = {},
): Promise<PdfSource> {
  const limit = options.limit ?? PREVIEW_BYTE_LIMITS.pdf;
  const attempt = async (force: boolean) =>
    fetchBytesWithLimit((await resolver.fresh(filename, { force })).url, limit, options);
  try {
    const result = await attempt(false).catch((error: unknown) =>
      isRejectedLink(error) ? attempt(true) : Promise.reject(error),
    );
    if (result.status === 'too-large') return result;
    if (!looksLikePdf(result.bytes)) {
      const contentType = result.contentType?.split(';')[0]?.trim().toLowerCase() || null;
      return { status: 'not-pdf', contentType };
    }
    return { status: 'pdf', blob: new Blob([result.bytes], { type: 'application/pdf' }) };
  } catch (error) {
    if (options.signal?.aborted) throw error;
    if (error instanceof FileFetchError && error.status === 0) return { status: 'unreachable' };
    return { status: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}
