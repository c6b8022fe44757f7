type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  enum?: unknown[];
  items?: Schema;
  maxItems?: number;
};

/**
 * What a careless but obedient model answers under `schema`: every string a title-like phrase
 * ("Sales Email"), every enum its first value, numbers 1, yes for yes/no, and two of everything
 * listed, so names repeat. Each part of it is allowed by the schema; none of it is what the
 * instructions ask for names (snake-case keys, kebab-case files with extensions).
 */
export function titleLikeAnswer(schema: Schema, phrase = 'Sales Email'): unknown {
  if (schema.enum) return schema.enum.find((value) => value !== null);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('object'))
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([key, child]) => [key, titleLikeAnswer(child, phrase)]),
    );
  if (types.includes('array')) {
    const item = titleLikeAnswer(schema.items ?? {}, phrase);
    return Array.from({ length: Math.min(2, schema.maxItems ?? 2) }, () => item);
  }
  if (types.includes('integer') || types.includes('number')) return 1;
  if (types.includes('boolean')) return true;
  return phrase;
}
