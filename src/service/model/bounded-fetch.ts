/** The most a model's answer may take on the wire: a plan or a written file is a few kilobytes. */
export const MAX_ANSWER_BYTES = 1024 * 1024;

/** Thrown into the body's stream when an answer passes the cap; the reading stops there. */
class AnswerTooLarge extends Error {
  override name = 'AnswerTooLarge';
  constructor(readonly limit: number) {
    super(`the answer is larger than ${limit} bytes`);
  }
}

/** An attempt that took longer than the call timeout, headers and body together ("timed out" tells the client so). */
class AnswerTimedOut extends Error {
  override name = 'AnswerTimedOut';
  constructor(readonly ms: number) {
    super(`the answer timed out after ${ms} ms`);
  }
}

function causedBy(error: unknown, kind: typeof AnswerTooLarge | typeof AnswerTimedOut): boolean {
  let seen: unknown = error;
  for (let depth = 0; seen instanceof Error && depth < 5; depth++) {
    if (seen instanceof kind) return true;
    seen = (seen as Error).cause;
  }
  return false;
}

/** True when `error`, or an error it was caused by, is the size cap being reached. */
export const isAnswerTooLarge = (error: unknown) => causedBy(error, AnswerTooLarge);
/** True when `error`, or an error it was caused by, is an attempt's deadline passing while its body came in. */
export const isAnswerTimedOut = (error: unknown) => causedBy(error, AnswerTimedOut);

/**
 * A fetch for the OpenAI client that bounds each attempt (the client retries with a new fetch):
 * - in time: the client's own timeout stops once headers arrive, so a server that sends them and
 *   then drips one byte a second would hold the call for ever; here the timer runs until the body
 *   is read, and aborts the attempt at `timeoutMs`;
 * - in size: the client reads a whole body before parsing it, so a server answering 200 MB would
 *   be held in memory several times (bytes, text, parsed); here reading stops past `limit` bytes
 *   and the connection is cancelled.
 */
export function boundedFetch(limit: number, timeoutMs: number): typeof fetch {
  return async (input, init) => {
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new AnswerTimedOut(timeoutMs)), timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, deadline.signal]) : deadline.signal;
    let response: Response;
    try {
      response = await fetch(input, { ...init, signal });
    } catch (error) {
      clearTimeout(timer);
      throw error;
    }
    const body = response.body;
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (!body || declared > limit) {
      clearTimeout(timer);
      if (!body) return response;
      await body.cancel();
      throw new AnswerTooLarge(limit);
    }
    const reader = body.getReader();
    let seen = 0;
    const capped = new ReadableStream<Uint8Array>({
      async pull(controller) {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch (error) {
          clearTimeout(timer);
          return controller.error(deadline.signal.aborted ? (deadline.signal.reason as Error) : error);
        }
        if (chunk.done) {
          clearTimeout(timer);
          return controller.close();
        }
        seen += chunk.value.byteLength;
        if (seen > limit) {
          clearTimeout(timer);
          await reader.cancel();
          return controller.error(new AnswerTooLarge(limit));
        }
        controller.enqueue(chunk.value);
      },
      cancel: (reason) => {
        clearTimeout(timer);
        return reader.cancel(reason);
      },
    });
    return new Response(capped, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
