/** What an account may keep: its workflows, or its executions waiting to start. */
type QuotaKind = 'workflows' | 'queued';

/**
 * A write refused because the account would go over one of its quotas, counted in the writing
 * transaction (after the account's row is locked by its created_at stamp), so concurrent writers
 * of one account cannot pass the limit together.
 */
export class QuotaExceeded extends Error {
  override name = 'QuotaExceeded';

  constructor(
    readonly kind: QuotaKind,
    readonly limit: number,
    /** How many the account already has. */
    readonly current: number,
  ) {
    super(`the account has ${current} ${kind}, and its limit is ${limit}`);
  }
}
