/**
 * The local service answers `GET /__dev/key` on loopback with its development key, so a developer
 * on their own machine never has to copy it. Anything else (404, HTML, a network error) means
 * "no dev key here" and is ignored.
 */
export async function fetchDevKey(
  fetchImpl: typeof globalThis.fetch = globalThis.fetch,
  signal?: AbortSignal,
): Promise<string | null> {
  try {
    const response = await fetchImpl('/__dev/key', { signal, headers: { accept: 'application/json, text/plain' } });
    if (!response.ok) return null;
    const text = (await response.text()).trim();
    if (text === '' || text.startsWith('<')) return null;
    if (text.startsWith('{')) {
      const body = JSON.parse(text) as Record<string, unknown>;
      const key = body.key ?? body.apiKey ?? body.api_key;
      return typeof key === 'string' && key.trim() !== '' ? key.trim() : null;
    }
    return /^\S{8,200}$/.test(text) ? text : null;
  } catch {
    return null;
  }
}
