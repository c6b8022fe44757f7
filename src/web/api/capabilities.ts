/**
 * Which local extensions a server offers, read from the structure of the contract document it
 * serves at /openapi.json (never from its text). This is the one place that knows how.
 *
 * Adding a capability is one entry in PROBES below; `ServerCapabilities` and `NO_CAPABILITIES`
 * follow from it. The probes:
 * - `operation(method, path)`: the path has that operation. Path parameters are matched by
 *   position, not name: `/workflows/{}/executions` matches `/workflows/{workflowId}/executions`.
 * - `parameter(method, path, name)`: that operation takes a parameter of this name (its own, its
 *   path item's, or a `$ref` to components.parameters).
 * - `schema(name)`: components.schemas has the schema; `schema(name, { property })`: and it
 *   declares that property.
 * Each takes `{ marked: true }` to also require `x-local-extension: true` on the thing found, for
 * names a plain v1 server might use with another meaning.
 *
 * ./capability-reader applies the probes to a document (loaded only when capabilities are asked
 * for). The dashboard reads them with `useCapabilities()` (./server.ts); a server without
 * the document has none, so the plain v1 experience is the default.
 */

interface Marked {
  /** Also require `x-local-extension: true` on what was found. */
  marked?: boolean;
}

export type Probe =
  | ({ kind: 'operation'; method: string; path: string } & Marked)
  | ({ kind: 'parameter'; method: string; path: string; name: string } & Marked)
  | ({ kind: 'schema'; schema: string; property?: string } & Marked);

const operation = (method: string, path: string, options: Marked = {}): Probe => ({
  kind: 'operation',
  method,
  path,
  ...options,
});
const parameter = (method: string, path: string, name: string, options: Marked = {}): Probe => ({
  kind: 'parameter',
  method,
  path,
  name,
  ...options,
});
const schema = (name: string, options: Marked & { property?: string } = {}): Probe => ({
  kind: 'schema',
  schema: name,
  ...options,
});

export const PROBES = {
  /** POST .../approval: approve or reject an execution waiting in human_in_the_loop. */
  approval: operation('post', '/workflows/{}/executions/{}/approval'),
  /** Workflows carry a planning `status`. */
  workflowStatus: schema('WorkflowStatus'),
  /** POST /workflows/{workflowId}/executions/cancel, marked as a local extension. */
  cancel: operation('post', '/workflows/{}/executions/cancel', { marked: true }),
  /** The executions list takes a `status` filter (one status or a comma list). */
  executionStatusFilter: parameter('get', '/workflows/{}/executions', 'status', { marked: true }),
  /** GET /executions lists every workflow's executions (status, workflow_id, cursor, limit). */
  globalExecutions: operation('get', '/executions', { marked: true }),
  /** GET …/executions/stats: runs per hour or day by status, success rate, duration p50/p95 and histogram. */
  executionStats: operation('get', '/workflows/{}/executions/stats', { marked: true }),
  /** GET …/executions/{}/steps: the workflow's steps as an execution ran them. */
  executionSteps: operation('get', '/workflows/{}/executions/{}/steps', { marked: true }),
  /** GET …/executions/{}/activity: who started, approved or rejected, and cancelled an execution. */
  executionActivity: operation('get', '/workflows/{}/executions/{}/activity', { marked: true }),
  /** GET /executions takes `workflow_id`: only one workflow's runs. */
  workflowFilter: parameter('get', '/executions', 'workflow_id', { marked: true }),
  /** GET /executions takes `started_by` (a key id): only the runs one key started. */
  startedByFilter: parameter('get', '/executions', 'started_by', { marked: true }),
  /** GET /executions takes `batch_id`: only one batch's runs. */
  batchFilter: parameter('get', '/executions', 'batch_id', { marked: true }),
  /** GET …/executions/{}/input: the input an execution ran with, from any browser. */
  executionInput: operation('get', '/workflows/{}/executions/{}/input', { marked: true }),
  /** PATCH /workflows/{workflowId}: rename a workflow or edit its description. */
  updateWorkflow: operation('patch', '/workflows/{}', { marked: true }),
  /** POST /workflows/{workflowId}/replan: re-plan it in place from an edited prompt. */
  replanWorkflow: operation('post', '/workflows/{}/replan', { marked: true }),
  /** DELETE /workflows/{workflowId}: delete it with its runs and their files. */
  deleteWorkflow: operation('delete', '/workflows/{}', { marked: true }),
  /** GET /service: whether workflows are planned by a model (and which) or by the built-in rules. */
  serviceInfo: operation('get', '/service', { marked: true }),
  /** GET and POST /keys, POST /keys/{keyId}/revoke: the account's named API keys. */
  apiKeys: operation('post', '/keys/{}/revoke', { marked: true }),
  /** GET /retention: how long the server keeps the account's ended runs. */
  retention: operation('get', '/retention', { marked: true }),
  /** PUT /retention: the account may keep its ended runs for less time, or fewer of them. */
  retentionSettings: operation('put', '/retention', { marked: true }),
  /** PUT /batches/{}, POST …/runs, GET /batches and …/rows: batches kept on the server for everyone on the account. */
  sharedBatches: operation('get', '/batches/{}/rows', { marked: true }),
  /** GET /batches/{}/results: a batch's rows with their results and run times, hundreds a page. */
  batchResults: operation('get', '/batches/{}/results', { marked: true }),
  /** The service draws the workflow list into its HTML for the key in the `wf_list_key` cookie (ListKeyCookie). */
  listKeyCookie: schema('ListKeyCookie', { marked: true }),
} satisfies Record<string, Probe>;

export type ServerCapabilities = { readonly [K in keyof typeof PROBES]: boolean } & {
  /** The server described itself with x-local-extension marks at all. */
  readonly localExtensions: boolean;
  /** The document could not be read (no answer, or a server error): ask again later, don't conclude. */
  readonly unread?: boolean;
};

export const NO_CAPABILITIES: ServerCapabilities = {
  ...(Object.fromEntries(Object.keys(PROBES).map((key) => [key, false])) as Record<keyof typeof PROBES, boolean>),
  localExtensions: false,
};

/**
 * Reads which local extensions a contract document declares, from its structure. The reader
 * loads with the first question, not with the first page.
 */
export async function capabilitiesFromDocument(doc: unknown): Promise<ServerCapabilities> {
  const { readCapabilities } = await import('./capability-reader');
  return readCapabilities(doc, PROBES);
}
