/**
 * The url to embed a PDF from. The local service serves files as attachments unless asked for
 * inline=1, so the flag is added for links to it (same origin, or its /files/ path); other hosts'
 * presigned links are used untouched because changing their query would break the signature.
 */
export function embedUrl(url: string, pageOrigin: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url, pageOrigin);
  } catch {
    return url;
  }
  if (parsed.origin !== pageOrigin && !parsed.pathname.startsWith('/files/')) return url;
  parsed.searchParams.set('inline', '1');
  return parsed.toString();
}
