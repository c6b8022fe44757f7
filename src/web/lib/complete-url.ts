/** The schema formats that want an absolute address, where a bare "acme.com" cannot be meant otherwise. */
const ADDRESS_FORMATS = new Set(['uri', 'url', 'iri']);

/** A host name with a dot and a letters-only ending, then an optional port, path, query or fragment. */
const BARE_DOMAIN = /^(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}{2,}(?::\d{1,5})?(?:[/?#]\S*)?$/u;

/** Whether a field's schema asks for a full web address. */
export const wantsFullAddress = (schema: Record<string, unknown>): boolean =>
  typeof schema.format === 'string' && ADDRESS_FORMATS.has(schema.format);

/**
 * "acme.com" → "https://acme.com", "www.acme.com/about" → "https://www.acme.com/about"; null when
 * the text is not a bare domain (already has a scheme, is an email, has spaces, is empty).
 */
export function completeUrl(text: string): string | null {
  const t = text.trim();
  if (t === '' || t.includes('@') || /^[a-z][a-z0-9+.-]*:\/\//i.test(t)) return null;
  return BARE_DOMAIN.test(t) ? `https://${t}` : null;
}
