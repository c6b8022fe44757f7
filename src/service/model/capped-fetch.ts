/** The most a model's answer may take on the wire: a plan or a written file is a few kilobytes. */
export const MAX_ANSWER_BYTES = 1024 * 1024;

/** Thrown into the body's stream when an answer passes the cap; the reading stops there. */
export class AnswerTooLarge extends Error {
  override name = 'AnswerTooLarge';
  constructor(readonly limit: number) {
    super(`the answer is larger than ${limit} bytes`);
  }
}

/** True when `error`, or an error it was caused by, is the cap being reached. */
export function isAnswerTooLarge(error: unknown): boolean {
  for (let seen = error, depth = 0; seen instanceof Error && depth < 5; seen = seen.cause, depth++)
    if (seen instanceof AnswerTooLarge) return true;
  return false;
}

/**
 * A fetch whose responses stop being read past `limit` bytes: the OpenAI client reads a whole body
 * before parsing it, so a server answering 200 MB would otherwise be held in memory (several times:
 * bytes, text, parsed). The connection is cancelled at the cap.
 */
export function cappedFetch(limit: number): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const body = response.body;
    if (!body) return response;
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (declared > limit) {
      await body.cancel();
      throw new AnswerTooLarge(limit);
    }
    const reader = body.getReader();
    let seen = 0;
    const capped = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        seen += value.byteLength;
        if (seen > limit) {
          await reader.cancel();
          return controller.error(new AnswerTooLarge(limit));
        }
        controller.enqueue(value);
      },
      cancel: (reason) => reader.cancel(reason),
    });
    return new Response(capped, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
