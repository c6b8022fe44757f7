import { z } from 'zod';

/** A configuration value that cannot be used; the message names the variable and says what it must be. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The variables configuration is read from: process.env in the service, a plain object in tests. */
export type Env = Record<string, string | undefined>;

/** How one variable is parsed, and what it must be (the end of the message when it is not). */
interface Rule {
  schema: z.ZodType;
  must: string;
}

/** Reads one variable by its rule; undefined when unset, ConfigError naming it when its value does not parse. */
export function readSetting<R extends Record<string, Rule>, K extends keyof R & string>(
  rules: R,
  env: Env,
  name: K,
): z.output<R[K]['schema']> | undefined {
  const raw = env[name];
  // An empty variable means "not set", the way shells and .env files usually intend it.
  if (raw === undefined || raw.trim() === '') return undefined;
  const parsed = rules[name]!.schema.safeParse(raw);
  if (!parsed.success) throw new ConfigError(`${name} must ${rules[name]!.must}`);
  return parsed.data as z.output<R[K]['schema']>;
}

/** An absolute http(s) URL without query or fragment, read without its trailing slashes. */
export const httpUrl = z
  .string()
  .trim()
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && !url.search && !url.hash;
    } catch {
      return false;
    }
  })
  .transform((value) => value.replace(/(?<!\/)\/+$/, ''));

/** A count of at least 1; `unit` says of what. */
export const wholeNumber = (unit?: string) => ({
  schema: z.coerce.number().int().min(1),
  must: `be a whole number${unit ? ` of ${unit}` : ''}, 1 or more`,
});

/** A token made of printable characters without spaces, as keys and secrets are. */
export const PRINTABLE_TOKEN = /^[\x21-\x7e]+$/;
