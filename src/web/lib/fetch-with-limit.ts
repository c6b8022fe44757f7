/** A failed file fetch: status is the HTTP status, or 0 when the request never got a response. */
export class FileFetchError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'FileFetchError';
  }
}

export type LimitedText =
  | { status: 'ok'; text: string; bytes: number; contentType: string | null }
  | { status: 'too-large'; bytes: number | null; limit: number };

type Fetch = typeof fetch;

async function request(url: string, fetchImpl: Fetch, signal?: AbortSignal): Promise<Response> {
  let response: Response;
  try {
    // Presigned links carry their own authorization; credentials would only trip CORS.
    response = await fetchImpl(url, { signal, credentials: 'omit', cache: 'no-store' });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new FileFetchError('Could not reach the file (offline, or the file host does not allow this origin).', 0);
  }
  if (!response.ok) {
    const reason =
      response.status === 403 || response.status === 410
        ? 'the link has expired or was rejected'
        : `HTTP ${response.status}`;
    throw new FileFetchError(`Could not load the file: ${reason}.`, response.status);
  }
  return response;
}

/**
 * Fetches a file as UTF-8 text but stops reading past limitBytes (by Content-Length when the
 * server sends it, else while streaming), so a huge result never lands in memory for a preview.
 */
export async function fetchTextWithLimit(
  url: string,
  limitBytes: number,
  options: { signal?: AbortSignal; fetchImpl?: Fetch } = {},
): Promise<LimitedText> {
  const controller = new AbortController();
  const forward = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', forward, { once: true });
  try {
    const response = await request(url, options.fetchImpl ?? fetch, controller.signal);
    const contentType = response.headers.get('content-type');
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > limitBytes) {
      controller.abort();
      return { status: 'too-large', bytes: declared, limit: limitBytes };
    }
    if (!response.body) {
      const text = await response.text();
      const bytes = new TextEncoder().encode(text).byteLength;
      return bytes > limitBytes
        ? { status: 'too-large', bytes, limit: limitBytes }
        : { status: 'ok', text, bytes, contentType };
    }
    const reader = response.body.getReader();
    const decoder = new TextDecoder('utf-8');
    const parts: string[] = [];
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (bytes > limitBytes) {
        await reader.cancel();
        controller.abort();
        return { status: 'too-large', bytes: null, limit: limitBytes };
      }
      parts.push(decoder.decode(value, { stream: true }));
    }
    parts.push(decoder.decode());
    return { status: 'ok', text: parts.join(''), bytes, contentType };
  } finally {
    options.signal?.removeEventListener('abort', forward);
  }
}

/** Fetches a whole file as bytes, for the zip. */
export async function fetchBytes(
  url: string,
  options: { signal?: AbortSignal; fetchImpl?: Fetch } = {},
): Promise<Uint8Array> {
  const response = await request(url, options.fetchImpl ?? fetch, options.signal);
  return new Uint8Array(await response.arrayBuffer());
}
