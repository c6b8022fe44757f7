import { createHash, randomBytes } from 'node:crypto';

/** Keys are stored only as this hash. */
export const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/** A new API key: `wk_` and 32 random base64url characters (192 bits). */
export const generateKey = (): string => `wk_${randomBytes(24).toString('base64url')}`;
