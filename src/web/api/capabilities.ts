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
 * The dashboard reads them with `useCapabilities()` (./server-queries); a server without the
 * document has none, so the plain v1 experience is the default.
 */

type Json = Record<string, unknown>;

interface Marked {
  /** Also require `x-local-extension: true` on what was found. */
  marked?: boolean;
}

type Probe =
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

const PROBES = {
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
  /** GET …/executions/{}/input: the input an execution ran with, from any browser. */
  executionInput: operation('get', '/workflows/{}/executions/{}/input', { marked: true }),
} satisfies Record<string, Probe>;

export type ServerCapabilities = { readonly [K in keyof typeof PROBES]: boolean } & {
  /** The server described itself with x-local-extension marks at all. */
  readonly localExtensions: boolean;
};

export const NO_CAPABILITIES: ServerCapabilities = {
  ...(Object.fromEntries(Object.keys(PROBES).map((key) => [key, false])) as Record<keyof typeof PROBES, boolean>),
  localExtensions: false,
};

const asObject = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};

const isMarked = (value: unknown): boolean => asObject(value)['x-local-extension'] === true;

/** A path with every `{param}` reduced to `{}` and no trailing slash, so parameter names do not matter. */
const pathShape = (path: string): string => path.replace(/\{[^}/]*\}/g, '{}').replace(/\/+$/, '');

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

class ContractReader {
  private readonly paths: Json;
  private readonly components: Json;

  constructor(doc: unknown) {
    const o = asObject(doc);
    this.paths = asObject(o.paths);
    this.components = asObject(o.components);
  }

  private pathItem(path: string): Json | undefined {
    const shape = pathShape(path);
    for (const [candidate, item] of Object.entries(this.paths))
      if (pathShape(candidate) === shape) return asObject(item);
    return undefined;
  }

  private resolve(value: unknown, section: string): Json {
    const ref = asObject(value).$ref;
    const prefix = `#/components/${section}/`;
    if (typeof ref === 'string' && ref.startsWith(prefix))
      return asObject(asObject(this.components[section])[ref.slice(prefix.length)]);
    return asObject(value);
  }

  /** The thing a probe looks for, or undefined when the document does not have it. */
  find(probe: Probe): Json | undefined {
    if (probe.kind === 'schema') {
      const schemas = asObject(this.components.schemas);
      if (!(probe.schema in schemas)) return undefined;
      const found = asObject(schemas[probe.schema]);
      if (probe.property === undefined) return found;
      const properties = asObject(found.properties);
      return probe.property in properties ? asObject(properties[probe.property]) : undefined;
    }
    const item = this.pathItem(probe.path);
    const op = item?.[probe.method];
    if (typeof op !== 'object' || op === null || Array.isArray(op)) return undefined;
    if (probe.kind === 'operation') return op as Json;
    const declared = [item?.parameters, (op as Json).parameters].flatMap((list) => (Array.isArray(list) ? list : []));
    return declared.map((p) => this.resolve(p, 'parameters')).find((p) => p.name === probe.name);
  }

  /** Whether anything the document declares (operation, parameter, schema, property) is marked. */
  marksAnyExtension(): boolean {
    const operations = Object.values(this.paths).flatMap((item) => {
      const o = asObject(item);
      return [o, ...METHODS.map((m) => o[m]).filter((op) => op !== undefined)];
    });
    const parameters = operations.flatMap((op) => {
      const list = asObject(op).parameters;
      return Array.isArray(list) ? list.map((p) => this.resolve(p, 'parameters')) : [];
    });
    const schemas = Object.values(asObject(this.components.schemas));
    const properties = schemas.flatMap((s) => Object.values(asObject(asObject(s).properties)));
    const declared = [...operations, ...parameters, ...schemas, ...properties];
    return declared.some(isMarked) || Object.values(asObject(this.components.parameters)).some(isMarked);
  }
}

/** Reads which local extensions a contract document declares, from its structure. */
export function capabilitiesFromDocument(doc: unknown): ServerCapabilities {
  const reader = new ContractReader(doc);
  const found = Object.entries(PROBES).map(([key, probe]: [string, Probe]) => {
    const thing = reader.find(probe);
    return [key, thing !== undefined && (!probe.marked || isMarked(thing))];
  });
  return {
    ...(Object.fromEntries(found) as Record<keyof typeof PROBES, boolean>),
    localExtensions: reader.marksAnyExtension(),
  };
}
