import { useSyncExternalStore } from 'react';
import type { WorkflowCreateResponse } from '@contract/openapi-document';

/**
 * The create responses of the workflows created in this tab, for their pages: a plain v1 server
 * never says whether a workflow is still planning, so the page judges by how recently we created
 * it, and links to the server's `url`. Client state of this tab only, gone after a reload.
 */
const created = new Map<string, WorkflowCreateResponse>();
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export function rememberCreatedWorkflow(response: WorkflowCreateResponse): void {
  created.set(response.id, response);
  for (const listener of listeners) listener();
}

/** The create response of this workflow, when this tab created it. */
export function useCreatedWorkflow(workflowId: string): WorkflowCreateResponse | undefined {
  return useSyncExternalStore(subscribe, () => created.get(workflowId));
}
