/**
 * The string formats an input_schema is checked with, the same in the form, the spreadsheet check and
 * the service: ajv-formats' set, with a time of day read as a person gives it (x-local-choices
 * `time-of-day`).
 */
import type { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { TIME_OF_DAY } from './time-of-day';

export function addInputFormats<A extends Pick<Ajv, 'addFormat'>>(ajv: A): A {
  addFormats(ajv as unknown as Ajv);
  ajv.addFormat('time', TIME_OF_DAY);
  return ajv;
}
