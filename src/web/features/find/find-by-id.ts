import { isApiError } from '@/api/errors';
import type { ApiClient } from '@/api/client';
import { listAllWorkflows } from '@/features/runs-list/feed';

type FindTarget =
  { kind: 'workflow'; workflowId: string } | { kind: 'execution'; workflowId: string; executionId: string };

export type FindOutcome = FindTarget | { kind: 'not-found'; id: string; checkedWorkflows: number } | { kind: 'no-id' };

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** The ids in what was pasted: a bare id, or a dashboard or API address holding one or two. */
export function idsIn(text: string): string[] {
  return [...text.matchAll(UUID)].map((m) => m[0].toLowerCase());
}

export interface FindDeps {
  client: Pick<ApiClient, 'getWorkflow' | 'getExecution' | 'listWorkflows'>;
  /** The workflow of an execution this browser already knows (journals, lists on screen), if any. */
  knownWorkflowOf: (executionId: string) => Promise<string | undefined>;
  onProgress?: (checked: number, total: number) => void;
  signal?: AbortSignal;
}

const isNotFound = (error: unknown) => isApiError(error) && error.status === 404;

/**
 * Finds what an id names. v1 reads an execution only under its workflow, so an execution id alone
 * is looked up in this browser first (no request), then as a workflow id (one request), then under
 * each workflow of the account in turn (one request each, the account's workflows listed first).
 */
export async function findById(text: string, deps: FindDeps): Promise<FindOutcome> {
  const ids = idsIn(text);
  const options = { priority: 'user' as const, signal: deps.signal };
  if (ids.length === 0) return { kind: 'no-id' };
  if (ids.length >= 2) return { kind: 'execution', workflowId: ids[0]!, executionId: ids[1]! };
  const id = ids[0]!;
  const known = await deps.knownWorkflowOf(id);
  if (known) return { kind: 'execution', workflowId: known, executionId: id };
  try {
    await deps.client.getWorkflow(id, options);
    return { kind: 'workflow', workflowId: id };
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  const { workflows } = await listAllWorkflows(deps.client, 'user', deps.signal);
  // Recently changed workflows first: a pasted run id is most often a recent one.
  const order = [...workflows].sort((a, b) => (a.updated_at < b.updated_at ? 1 : -1));
  let checked = 0;
  deps.onProgress?.(0, order.length);
  for (const w of order) {
    try {
      await deps.client.getExecution(w.id, id, options);
      return { kind: 'execution', workflowId: w.id, executionId: id };
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
    checked++;
    deps.onProgress?.(checked, order.length);
  }
  return { kind: 'not-found', id, checkedWorkflows: checked };
}
