import type { Schemas } from '@contract/openapi-document';
import type { FakeClock } from './data';
import { json, refuse, type SeenRequest } from './http';

/** A key of the fake account: what GET /keys shows, and the key itself (`secret`). */
export interface StoredKey extends Omit<Schemas['ApiKey'], 'current'> {
  secret: string;
}

/** The account's keys, as the keys extension serves them (GET/POST /keys, POST /keys/{id}/revoke). */
export class FakeKeys {
  readonly list: StoredKey[] = [];

  constructor(private readonly clock: FakeClock) {}

  add(fields: Partial<StoredKey> & { name: string }): StoredKey {
    const key: StoredKey = {
      id: `key-${this.list.length + 1}`,
      created_at: this.clock.next(),
      last_used_at: null,
      revoked_at: null,
      created_by: null,
      source: 'command',
      role: 'admin',
      secret: `wk_fake_${this.list.length + 1}`,
      ...fields,
    };
    this.list.push(key);
    return key;
  }

  /** A working (not revoked) key with this secret. */
  working(secret: string | null): StoredKey | undefined {
    return this.list.find((k) => k.revoked_at === null && secret === k.secret);
  }

  /** Answers /keys, /keys/current and /keys/{id}/revoke; `firstSecret` is the key made first when none is recorded. */
  route(request: SeenRequest, [, keyId, action]: string[], firstSecret: string): Response {
    if (this.list.length === 0) this.add({ name: 'First key', secret: firstSecret });
    const shown = ({ secret, ...key }: StoredKey) => ({ ...key, current: secret === request.apiKey });
    const caller = this.list.find((k) => k.secret === request.apiKey);
    if (request.method === 'GET' && keyId === undefined)
      return json({ data: [...this.list].reverse().map(shown), cursor: null });
    if (request.method === 'GET' && keyId === 'current' && caller) return json(shown(caller));
    if (request.method === 'POST' && keyId === undefined) {
      const name = String((request.body as { name?: unknown }).name ?? '').trim();
      if (name === '') return refuse(400, 'name must not be blank: say who will use the key');
      const key = this.add({
        name,
        source: 'dashboard',
        role: (request.body as { role?: 'admin' }).role ?? 'member',
        created_by: caller ? { id: caller.id, name: caller.name } : null,
      });
      return json({ ...shown(key), key: key.secret }, 201);
    }
    const key = this.list.find((k) => k.id === keyId && k.revoked_at === null);
    if (request.method !== 'POST' || action !== 'revoke') return refuse(404, 'No such route.');
    if (!key) return refuse(404, 'key not found (it may already be revoked)');
    if (this.list.filter((k) => k.revoked_at === null).length <= 1)
      return refuse(409, 'this is the account’s last working key');
    key.revoked_at = this.clock.next();
    return json(shown(key));
  }
}
