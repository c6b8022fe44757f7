import { boundedFetch } from './bounded-fetch';

/** A model server found on this machine, and how to turn it on; it is never used unless configured. */
interface LocalModels {
  /** Its OpenAI-compatible base URL (Ollama's is http://127.0.0.1:11434/v1). */
  url: string;
  /** The models it has, as it names them (at most MAX_MODELS). */
  models: string[];
  /** The one line that starts the service with the first of them. */
  command: string;
}

/** Start-up waits no longer than this for an answer: a local server answers in a few milliseconds. */
const PROBE_TIMEOUT_MS = 300;
/** A model list is a few kilobytes; anything larger is not the server we look for. */
const PROBE_MAX_BYTES = 64 * 1024;
const MAX_MODELS = 20;

/** A name that is safe to show and to paste into a shell line: no spaces, quotes or control characters. */
const MODEL_NAME = /^[\w.:/@+-]{1,200}$/;

/**
 * Asks `url`/models (GET, the OpenAI-compatible list Ollama serves) which models it has; null when
 * nothing answers within 300 ms, the answer is not such a list, or it lists none.
 */
export async function findLocalModels(url: string): Promise<LocalModels | null> {
  try {
    const response = await boundedFetch(PROBE_MAX_BYTES, PROBE_TIMEOUT_MS)(`${url}/models`, {
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { data?: unknown };
    const names = Array.isArray(body.data)
      ? body.data.map((entry) => (entry as { id?: unknown } | null)?.id).filter((id) => typeof id === 'string')
      : [];
    const models = names.filter((name) => MODEL_NAME.test(name)).slice(0, MAX_MODELS);
    if (models.length === 0) return null;
    return { url, models, command: `WORKFLOW_MODEL_URL=${url} WORKFLOW_MODEL=${models[0]} npm start` };
  } catch {
    return null;
  }
}

/** Keeps a probe's answer for a while, so the dashboard asking again does not ask the local server each time. */
export function cachedLocalModels(url: string, keepMs = 30_000): () => Promise<LocalModels | null> {
  let kept: { at: number; found: Promise<LocalModels | null> } | null = null;
  return () => {
    const now = Date.now();
    if (!kept || now - kept.at > keepMs) kept = { at: now, found: findLocalModels(url) };
    return kept.found;
  };
}
