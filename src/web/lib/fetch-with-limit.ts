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

export type LimitedBytes =
  | { status: 'ok'; bytes: Uint8Array<ArrayBuffer>; contentType: string | null }
  | { status: 'too-large'; bytes: number | null; limit: number };

/**
 * Fetches a file's bytes but stops reading past limitBytes (by Content-Length when the server sends
 * it, else while streaming), so a huge result never lands in memory for a preview.
 */
export async function fetchBytesWithLimit(
  url: string,
  limitBytes: number,
  options: { signal?: AbortSignal; fetchImpl?: Fetch } = {},
): Promise<LimitedBytes> {
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
      const bytes = new Uint8Array(await response.arrayBuffer());
      return bytes.byteLength > limitBytes
        ? { status: 'too-large', bytes: bytes.byteLength, limit: limitBytes }
        : { status: 'ok', bytes, contentType };
    }
    const reader = response.body.getReader();
    const parts: Uint8Array[] = [];
    let total = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limitBytes) {
        await reader.cancel();
        controller.abort();
        return { status: 'too-large', bytes: null, limit: limitBytes };
      }
      parts.push(value);
    }
    const bytes = new Uint8Array(total);
    let offset = 0;
    for (const part of parts) {
      bytes.set(part, offset);
      offset += part.byteLength;
    }
    return { status: 'ok', bytes, contentType };
  } finally {
    options.signal?.removeEventListener('abort', forward);
  }
}

/** Fetches a file as UTF-8 text, within limitBytes as fetchBytesWithLimit reads it. */
export async function fetchTextWithLimit(
  url: string,
  limitBytes: number,
  options: { signal?: AbortSignal; fetchImpl?: Fetch } = {},
): Promise<LimitedText> {
  const result = await fetchBytesWithLimit(url, limitBytes, options);
  if (result.status === 'too-large') return result;
  const text = new TextDecoder('utf-8').decode(result.bytes);
  return { status: 'ok', text, bytes: result.bytes.byteLength, contentType: result.contentType };
}

/** Fetches a whole file as bytes, for the zip. */
export async function fetchBytes(
  url: string,
  options: { signal?: AbortSignal; fetchImpl?: Fetch } = {},
): Promise<Uint8Array> {
  const response = await request(url, options.fetchImpl ?? fetch, options.signal);
  return new Uint8Array(await response.arrayBuffer());
}
