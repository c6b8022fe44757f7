/**
 * Applies the probes of ./capabilities to a contract document, by its structure (paths,
 * operations, parameters, schemas), never by its text.
 */
import type { Probe } from './capabilities';

type Json = Record<string, unknown>;

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

/** Which of the probes find their thing in a contract document, and whether it marks extensions at all. */
export function readCapabilities<K extends string>(
  doc: unknown,
  probes: Record<K, Probe>,
): Record<K, boolean> & { localExtensions: boolean } {
  const reader = new ContractReader(doc);
  const found = (Object.entries(probes) as [K, Probe][]).map(([key, probe]) => {
    const thing = reader.find(probe);
    return [key, thing !== undefined && (!probe.marked || isMarked(thing))];
  });
  return { ...(Object.fromEntries(found) as Record<K, boolean>), localExtensions: reader.marksAnyExtension() };
}
