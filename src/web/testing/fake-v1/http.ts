/** One request the fake server answered, as a test reads it back. */
export interface SeenRequest {
  method: string;
  /** The path under the API base, with its query: `/workflows?limit=1`. */
  path: string;
  body: unknown;
  apiKey: string | null;
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A v1 refusal: the status, and a `{error}` body with a sentence. */
export const refuse = (status: number, error: string) => json({ error }, status);
