/**
 * What a model server said may quote the key it was sent (some echo "Incorrect API key provided:
 * sk-…"), a bearer token, or another secret. Such strings are replaced before the text reaches a
 * log; tenants never see the text at all (see model-failure.ts).
 */
const KEY_LIKE: RegExp[] = [
  /\bBearer\s+[^\s"',;]+/gi,
  /\b(?:sk|pk|rk)-[\w-]{8,}/g,
  /\b[0-9a-f]{32,}\b/gi,
  /[\w+/-]{32,}={0,2}/g,
];

/** How much of a server's text a log line keeps. */
const LOGGED_CHARS = 500;

/** `text` with the configured key and anything that looks like a key or token replaced by [redacted]. */
export function redactSecrets(text: string, key: string | null): string {
  let safe = key ? text.split(key).join('[redacted]') : text;
  for (const pattern of KEY_LIKE) safe = safe.replace(pattern, '[redacted]');
  return safe.length > LOGGED_CHARS ? `${safe.slice(0, LOGGED_CHARS)}…` : safe;
}

/** The model's URL for a log or a start-up line: no user name, password, query or fragment. */
export function urlForLog(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    parsed.search = '';
    parsed.hash = '';
    return parsed.href.replace(/\/$/, '');
  } catch {
    return '(not a URL)';
  }
}
