/** A JSON Schema object (draft 2020-12 subset that ajv and RJSF both understand). */
export type JsonSchema = Record<string, unknown>;
