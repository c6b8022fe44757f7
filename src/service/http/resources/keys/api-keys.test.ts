import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schemas } from '../../../../contract/openapi-document';
import { createAccount } from '../../../accounts/provision';
import { manualClock } from '../../../clock';
import { assertMatchesContract } from '../../../test-support/contract-validator';
import { KEY_A, KEY_B, startTestService, type TestService } from '../../../test-support/test-service';
import { useTestService } from '../../../test-support/use-service';

type Err = { error: string };
type Key = Schemas['ApiKey'];
type Created = Schemas['CreatedApiKey'];

const clock = manualClock(Date.UTC(2026, 10, 26, 9, 0, 0));
const svc = useTestService({}, { clock });

const list = async (service: TestService, key: string = KEY_A) => {
  const res = await service.call<{ data: Key[] }>('GET', '/api/v1/keys', { key });
  expect(res.status).toBe(200);
  assertMatchesContract('listApiKeys', 200, res.body);
  return res.body.data;
};

/** Creates a key a second after the last one, so the newest-first list has one order. */
const create = async (name: unknown, key: string = KEY_A, role?: 'admin' | 'member') => {
  clock.advance(1_000);
  return svc.call<Created & Err>('POST', '/api/v1/keys', { key, body: role ? { name, role } : { name } });
};

const revoke = (id: string, key: string = KEY_A) => svc.call<Key & Err>('POST', `/api/v1/keys/${id}/revoke`, { key });

/** Lets the keys cache (5 s) forget what it knew. */
const cacheExpires = () => clock.advance(6_000);

describe('the keys of an account (local extension)', () => {
  it('lists the account’s first key as the caller’s own, never showing the key or its hash', async () => {
    const keys = await list(svc);
    expect(keys).toHaveLength(1);
    expect(Object.keys(keys[0]!).sort()).toEqual(
      ['created_at', 'created_by', 'current', 'id', 'last_used_at', 'name', 'revoked_at', 'role', 'source'].sort(),
    );
    expect(keys[0]).toMatchObject({
      name: 'WORKFLOW_API_KEYS #1',
      revoked_at: null,
      created_by: null,
      source: 'environment',
      role: 'admin',
      current: true,
    });
    expect(JSON.stringify(keys)).not.toMatch(new RegExp(`${KEY_A}|key_hash`));
  });

  it('creates a named key, shown once, that opens the same account and names its creator', async () => {
    const res = await create('  Dana from accounting  ');
    expect(res.status).toBe(201);
    assertMatchesContract('createApiKey', 201, res.body);
    expect(res.body).toMatchObject({ name: 'Dana from accounting', source: 'dashboard', current: false });
    expect(res.body.key).toMatch(/^wk_[\w-]{32}$/);
    const [first] = await list(svc);
    expect(res.body.created_by).toEqual({ id: expect.any(String), name: 'WORKFLOW_API_KEYS #1' });

    const workflows = await svc.call<{ data: unknown[] }>('GET', '/api/v1/workflows', { key: res.body.key });
    expect(workflows.status).toBe(200);
    expect(workflows.body.data.length).toBeGreaterThan(0);
    const seenByDana = await list(svc, res.body.key);
    expect(seenByDana.map((k) => [k.name, k.current])).toEqual([
      ['Dana from accounting', true],
      ['WORKFLOW_API_KEYS #1', false],
    ]);
    expect(JSON.stringify(seenByDana)).not.toContain(res.body.key);
    expect(first!.name).toBe('Dana from accounting');
  });

  it('refuses a missing, blank or too long name with a message about the name', async () => {
    for (const body of [{}, { name: 5 }]) {
      const res = await svc.call<Err>('POST', '/api/v1/keys', { body });
      expect(res.status).toBe(400);
      assertMatchesContract('createApiKey', 400, res.body);
      expect(res.body.error).toMatch(/name/);
    }
    expect((await create('   ')).body).toEqual({ error: 'name must not be blank: say who will use the key' });
    expect((await create('x'.repeat(101))).body).toEqual({
      error: 'name must be at most 100 characters (it has 101)',
    });
    expect((await create(` ${'x'.repeat(100)} `)).status).toBe(201);
  });

  it('revokes a key: 401 for it at once, its record kept with revoked_at, a second revoke 404', async () => {
    const made = (await create('Temp')).body;
    expect((await svc.call('GET', '/api/v1/workflows', { key: made.key })).status).toBe(200);
    const res = await revoke(made.id);
    expect(res.status).toBe(200);
    assertMatchesContract('revokeApiKey', 200, res.body);
    expect(res.body).toMatchObject({ id: made.id, name: 'Temp', revoked_at: expect.any(String) });
    // The refusal says the key was revoked, and when, so its holder asks for a new one instead of retyping it.
    const refused = await svc.call<Err>('GET', '/api/v1/workflows', { key: made.key });
    expect(refused.status).toBe(401);
    const at = res.body.revoked_at as string;
    expect(refused.body).toEqual({
      error: `this API key was revoked on ${at.slice(0, 10)} at ${at.slice(11, 19)} UTC; ask the account's owner for a new key`,
    });
    expect((await list(svc)).find((k) => k.id === made.id)?.revoked_at).toBe(res.body.revoked_at);

    const again = await revoke(made.id);
    expect(again.status).toBe(404);
    assertMatchesContract('revokeApiKey', 404, again.body);
    expect((await revoke('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('answers 404 for a key of another account and leaves it working', async () => {
    const [other] = await list(svc, KEY_B);
    expect((await revoke(other!.id)).status).toBe(404);
    expect((await list(svc)).some((k) => k.id === other!.id)).toBe(false);
    cacheExpires();
    expect((await svc.call('GET', '/api/v1/workflows', { key: KEY_B })).status).toBe(200);
  });

  it('refuses to revoke the account’s last working key (409), so no one is locked out', async () => {
    // The operator's key goes on the server; then the key it made is the account's last.
    const third = await createAccount(svc.store, 'Third', 'command');
    const admin = (await create('Stand-in', third.key, 'admin')).body;
    await svc.store.apiKeys.revoke(third.apiKey.id, svc.store.nowIso());
    cacheExpires();
    const res = await revoke(admin.id, admin.key);
    expect(res.status).toBe(409);
    assertMatchesContract('revokeApiKey', 409, res.body);
    expect(res.body.error).toMatch(/last working key.*lock everyone out/);
    expect((await svc.call('GET', '/api/v1/workflows', { key: admin.key })).status).toBe(200);
  });

  it('lets a key revoke itself while another works; the revoked one answers 401 afterwards', async () => {
    const own = (await create('Leaving', KEY_B)).body;
    const res = await revoke(own.id, own.key);
    expect(res.status).toBe(200);
    expect(res.body.current).toBe(true);
    expect((await svc.call('GET', '/api/v1/keys', { key: own.key })).status).toBe(401);
  });

  it('writes last used at most once a minute per key, not on every request', async () => {
    const made = (await create('Busy')).body;
    const lastUsed = async () => (await svc.store.apiKeys.byId(made.id))?.last_used_at;
    expect(await lastUsed()).toBeNull();
    await svc.call('GET', '/api/v1/workflows', { key: made.key });
    await expect.poll(lastUsed).not.toBeNull();
    const first = await lastUsed();
    clock.advance(30_000);
    await svc.call('GET', '/api/v1/workflows', { key: made.key });
    await svc.call('GET', '/api/v1/workflows', { key: made.key });
    expect(await lastUsed()).toBe(first);
    clock.advance(31_000);
    await svc.call('GET', '/api/v1/workflows', { key: made.key });
    await expect.poll(lastUsed).not.toBe(first);
    expect((await list(svc)).find((k) => k.id === made.id)?.last_used_at).toBe(await lastUsed());
  });
});

describe('the keys of an account in strict-v1 mode', () => {
  let strict: TestService;
  beforeAll(async () => {
    strict = await startTestService({ WORKFLOW_STRICT_V1: '1' });
  });
  afterAll(() => strict.close());

  it('has no keys routes: they answer 404 like any unknown path', async () => {
    expect((await strict.call('GET', '/api/v1/keys')).status).toBe(404);
    expect((await strict.call('POST', '/api/v1/keys', { body: { name: 'x' } })).status).toBe(404);
    const [key] = await strict.store.apiKeys.list();
    expect((await strict.call('POST', `/api/v1/keys/${key!.id}/revoke`)).status).toBe(404);
    expect((await strict.call('GET', '/api/v1/workflows')).status).toBe(200);
  });
});
