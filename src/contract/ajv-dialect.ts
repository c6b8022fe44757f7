import { Ajv } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { SchemaDialect } from './schema-dialect';

export type AjvClass = typeof Ajv | typeof Ajv2019 | typeof Ajv2020;

const AJV_CLASS: Readonly<Record<SchemaDialect, AjvClass>> = {
  'draft-07': Ajv,
  '2019-09': Ajv2019,
  '2020-12': Ajv2020,
};

/** The ajv class that implements a dialect: each knows its own keywords and meta-schema. */
export function ajvClassFor(dialect: SchemaDialect): AjvClass {
  return AJV_CLASS[dialect];
}
