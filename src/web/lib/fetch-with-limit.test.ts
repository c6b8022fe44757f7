import { describe, expect, it, vi } from 'vitest';
import { FileFetchError, fetchBytes, fetchTextWithLimit } from './fetch-with-limit';

/** A response streamed in chunks, recording how many chunks the reader pulled. */
function streamed(chunks: string[], headers: Record<string, string> = {}) {
  const encoder = new TextEncoder();
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks[pulled];
      pulled += 1;
      if (next === undefined) controller.close();
      else controller.enqueue(encoder.encode(next));
    },
  });
  return { response: new Response(body, { headers }), pulled: () => pulled };
}

const fetchReturning = (response: Response) => vi.fn(async () => response) as unknown as typeof fetch;

describe('fetchTextWithLimit', () => {
  it('returns the text, its size and content type when under the limit', async () => {
    const { response } = streamed(['a,b\n', '1,2\n'], { 'content-type': 'text/csv' });
    const result = await fetchTextWithLimit('https://files.test/a.csv', 100, { fetchImpl: fetchReturning(response) });
    expect(result).toEqual({ status: 'ok', text: 'a,b\n1,2\n', bytes: 8, contentType: 'text/csv' });
  });

  it('refuses at once when Content-Length is over the limit, without reading the body', async () => {
    const { response, pulled } = streamed(['x'.repeat(10)], { 'content-length': '5000000' });
    const result = await fetchTextWithLimit('https://files.test/big.txt', 1000, {
      fetchImpl: fetchReturning(response),
    });
    expect(result).toEqual({ status: 'too-large', bytes: 5_000_000, limit: 1000 });
    expect(pulled()).toBeLessThanOrEqual(1);
  });

  it('stops streaming once the bytes read pass the limit when no length is declared', async () => {
    const { response, pulled } = streamed(Array.from({ length: 100 }, () => 'x'.repeat(100)));
    const result = await fetchTextWithLimit('https://files.test/big.txt', 250, { fetchImpl: fetchReturning(response) });
    expect(result.status).toBe('too-large');
    expect(pulled()).toBeLessThan(10);
  });

  it('decodes multi-byte characters split across chunks', async () => {
    const bytes = new TextEncoder().encode('héllo → ✓');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const b of bytes) controller.enqueue(new Uint8Array([b]));
        controller.close();
      },
    });
    const result = await fetchTextWithLimit('https://files.test/u.txt', 100, {
      fetchImpl: fetchReturning(new Response(body)),
    });
    expect(result).toMatchObject({ status: 'ok', text: 'héllo → ✓', bytes: bytes.byteLength });
  });

  it('turns an expired link into a FileFetchError carrying the status', async () => {
    const fetchImpl = fetchReturning(new Response('nope', { status: 403 }));
    const error = await fetchTextWithLimit('https://files.test/a', 10, { fetchImpl }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileFetchError);
    expect((error as FileFetchError).status).toBe(403);
    expect((error as FileFetchError).message).toMatch(/expired/);
  });

  it('explains network and CORS failures with status 0', async () => {
    const fetchImpl = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    const error = await fetchTextWithLimit('https://files.test/a', 10, { fetchImpl }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileFetchError);
    expect((error as FileFetchError).status).toBe(0);
  });

  it('sends no credentials, because presigned links authorize themselves', async () => {
    const fetchImpl = fetchReturning(new Response('ok'));
    await fetchTextWithLimit('https://files.test/a', 10, { fetchImpl });
    expect(fetchImpl).toHaveBeenCalledWith('https://files.test/a', expect.objectContaining({ credentials: 'omit' }));
  });
});

describe('fetchBytes', () => {
  it('returns the body as bytes', async () => {
    const bytes = await fetchBytes('https://files.test/b', {
      fetchImpl: fetchReturning(new Response(new Uint8Array([1, 2, 3]))),
    });
    expect([...bytes]).toEqual([1, 2, 3]);
  });

  it('fails with the HTTP status when the file is missing', async () => {
    await expect(
      fetchBytes('https://files.test/b', { fetchImpl: fetchReturning(new Response('', { status: 404 })) }),
    ).rejects.toMatchObject({
      status: 404,
    });
  });
});
