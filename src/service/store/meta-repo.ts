import type { StoreContext } from './db/context';

/** Small service-wide settings (the file signing secret, the dev account) as key/value rows. */
export class MetaRepo {
  constructor(private readonly ctx: StoreContext) {}

  async get(key: string): Promise<string | undefined> {
    const row = await this.ctx.db.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirst();
    return row?.value;
  }

  async set(key: string, value: string): Promise<void> {
    await this.ctx.db
      .insertInto('meta')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
      .execute();
  }

  /**
   * Stores `value` unless the key already has one, and returns whichever value is stored. Replicas
   * starting together agree: the first insert wins and the others read it back.
   */
  async getOrInit(key: string, value: () => string): Promise<string> {
    const existing = await this.get(key);
    if (existing !== undefined) return existing;
    await this.ctx.db
      .insertInto('meta')
      .values({ key, value: value() })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    return (await this.get(key)) as string;
  }
}
