import { extname } from 'node:path';
import { LIMITS } from '../../contract/limits';
import { mediaTypeOfName } from '../../contract/media-types';

/** Types read as text, so they are served with their charset (every file the service writes is UTF-8). */
const TEXTUAL = /^(?:text\/|application\/(?:json|xml|yaml|x-ndjson)$|application\/[\w.-]+\+(?:json|xml)$)/;

/** The extensions whose content may be returned inline in an execution's results. */
const INLINE_EXTENSIONS: ReadonlySet<string> = new Set([
  '.md',
  '.markdown',
  '.json',
  '.txt',
  '.csv',
  '.tsv',
  '.html',
  '.htm',
  '.xml',
  '.yaml',
  '.yml',
  '.log',
]);

/** Content-Type for a download, from the file name; unknown types are served as opaque bytes. */
export function contentTypeFor(filename: string): string {
  const type = mediaTypeOfName(filename);
  if (!type) return 'application/octet-stream';
  return TEXTUAL.test(type) ? `${type}; charset=utf-8` : type;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The text to put in `content`, or null when the file is binary, too large or not valid UTF-8. */
export function inlineContent(filename: string, data: Uint8Array): string | null {
  if (!INLINE_EXTENSIONS.has(extname(filename).toLowerCase())) return null;
  if (data.byteLength >= LIMITS.inlineContentMaxBytes) return null;
  try {
    return strictUtf8.decode(data);
  } catch {
    return null;
  }
}

/** Types a browser may show in place (PDF preview, images) when the link asks for `inline=1`. */
export function canDisplayInline(contentType: string): boolean {
  return (
    contentType === 'application/pdf' ||
    (contentType.startsWith('image/') && contentType !== 'image/svg+xml') ||
    contentType.startsWith('text/plain')
  );
}

/** `Content-Disposition` value with an ASCII fallback and the exact UTF-8 name (RFC 6266 / 8187). */
export function contentDisposition(filename: string, disposition: 'attachment' | 'inline'): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
