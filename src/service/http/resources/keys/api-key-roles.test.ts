import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../../../contract/openapi-document';
import { manualClock } from '../../../clock';
import { assertMatchesContract } from '../../../test-support/contract-validator';
import { KEY_A, KEY_B } from '../../../test-support/test-service';
import { useTestService } from '../../../test-support/use-service';
import { KeyResolver } from '../../plugins/auth';

type Err = { error: string };
type Key = Schemas['ApiKey'];
type Created = Schemas['CreatedApiKey'];
type Retention = Schemas['Retention'];

const clock = manualClock(Date.UTC(2026, 10, 28, 9, 0, 0));
// Four working keys an account and 8 requests a minute per account, so both limits are reached here.
const svc = useTestService({ WORKFLOW_ACCOUNT_MAX_KEYS: '4', WORKFLOW_ACCOUNT_RATE_LIMIT: '8' }, { clock });

/** Each test starts in a fresh rate-limit window. */
const nextMinute = () => clock.advance(61_000);

const create = (name: unknown, key: string = KEY_A, role?: 'admin' | 'member') => {
  clock.advance(1_000);
  return svc.call<Created & Err>('POST', '/api/v1/keys', { key, body: role ? { name, role } : { name } });
};
const revoke = (id: string, key: string = KEY_A) => svc.call<Key & Err>('POST', `/api/v1/keys/${id}/revoke`, { key });
const forbiddenCreate = 'Only an admin key can create keys; this is a member key. Ask an admin of the account.';

describe('roles of keys', () => {
  it('makes keys members unless an admin asks for admin; a member cannot make keys (403)', async () => {
    nextMinute();
    const member = (await create('Dana')).body;
    expect(member.role).toBe('member');
    const refused = await create('Eve', member.key);
    expect(refused).toMatchObject({ status: 403, body: { error: forbiddenCreate } });
    assertMatchesContract('createApiKey', 403, refused.body);
    const admin = (await create('Lee', KEY_A, 'admin')).body;
    expect(admin.role).toBe('admin');
    const current = await svc.call<Key>('GET', '/api/v1/keys/current', { key: member.key });
    assertMatchesContract('getCurrentApiKey', 200, current.body);
    expect(current.body).toMatchObject({ id: member.id, role: 'member', current: true });
    await revoke(member.id);
    await revoke(admin.id);
  });

  it('lets a member revoke only itself, and nobody revoke the operator’s keys through the API', async () => {
    nextMinute();
    const one = (await create('One')).body;
    const two = (await create('Two')).body;
    expect(await revoke(two.id, one.key)).toMatchObject({
      status: 403,
      body: { error: 'A member key can revoke only itself; ask an admin of the account to revoke this key.' },
    });
    const operators = await svc.call<Key>('GET', '/api/v1/keys/current');
    const refused = await revoke(operators.body.id);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatch(/^This key was made on the server .* `npm run keys -- revoke`/);
    expect((await revoke(one.id, one.key)).status).toBe(200);
    expect((await revoke(two.id)).status).toBe(200);
  });

  it('revokes the keys a key made, and theirs, with it', async () => {
    nextMinute();
    const leaked = (await create('Leaked', KEY_A, 'admin')).body;
    const child = (await create('Child', leaked.key, 'admin')).body;
    const grandchild = (await create('Grandchild', child.key)).body;
    expect((await revoke(leaked.id)).status).toBe(200);
    for (const key of [leaked, child, grandchild]) {
      expect((await svc.call('GET', '/api/v1/workflows', { key: key.key })).status).toBe(401);
      expect((await svc.store.apiKeys.byId(key.id))?.revoked_at).not.toBeNull();
    }
    expect((await svc.call('GET', '/api/v1/workflows')).status).toBe(200);
  });
});

describe('how many keys, and how they are listed', () => {
  it('caps an account’s working keys (400 saying so); revoking one makes room', async () => {
    nextMinute();
    const made = [(await create('K1')).body, (await create('K2')).body, (await create('K3')).body];
    const refused = await create('K4');
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(
      'This account already has 4 working keys, the most it may have; revoke one nobody uses, then create this one.',
    );
    await revoke(made[0]!.id);
    const fourth = await create('K4');
    expect(fourth.status).toBe(201);
    for (const key of [made[1]!, made[2]!, fourth.body]) await revoke(key.id);
  });

  it('pages GET /keys like every list, newest first, and refuses a cursor that is no timestamp', async () => {
    nextMinute();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor === null ? '?limit=2' : `?limit=2&cursor=${encodeURIComponent(cursor)}`;
      const page = await svc.call<{ data: Key[]; cursor: string | null }>('GET', `/api/v1/keys${query}`);
      assertMatchesContract('listApiKeys', 200, page.body);
      expect(page.body.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.data.map((key) => key.created_at));
      cursor = page.body.cursor;
    } while (cursor !== null);
    expect(seen.length).toBeGreaterThan(4);
    expect([...seen].sort().reverse()).toEqual(seen);
    nextMinute();
    for (const bad of ['', '0x10', '1e3', 'yesterday']) {
      const res = await svc.call<Err>('GET', `/api/v1/keys?cursor=${bad}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/cursor/);
    }
  });

  it.each([
    ['a line break', 'Dana\nRevoked key 123'],
    ['a carriage return', 'Dana\rEve'],
    ['a terminal escape', 'Dana \u001b[2J'],
    ['a bidi override', 'Dana \u202egnp.exe'],
    ['a bidi isolate', 'Dana \u2066x\u2069'],
    ['a line separator', 'Dana\u2028Eve'],
  ])('refuses a name with %s (400)', async (_what, name) => {
    nextMinute();
    const res = await create(name);
    expect(res).toMatchObject({
      status: 400,
      body: {
        error: 'name must not contain line breaks, control characters or characters that reverse the direction of text',
      },
    });
  });

  it('says a name must be text when it is not', async () => {
    expect(await create(123)).toMatchObject({ status: 400, body: { error: 'name must be text' } });
  });
});

describe('an account-wide request budget', () => {
  it('holds over all the account’s keys, so more keys buy no more requests', async () => {
    nextMinute();
    const second = (await create('Second')).body;
    nextMinute();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await svc.call('GET', '/api/v1/workflows')).status);
      statuses.push((await svc.call('GET', '/api/v1/workflows', { key: second.key })).status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(8);
    const refused = await svc.call<Err>('GET', '/api/v1/workflows', { key: second.key });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^this account's rate limit of 8 requests per minute over all its keys/);
    expect(refused.headers['ratelimit-limit']).toBe('8');
    // Another account is not touched.
    expect((await svc.call('GET', '/api/v1/workflows', { key: KEY_B })).status).toBe(200);
    nextMinute();
    await revoke(second.id);
  });
});

describe('a key revoked while its lookup is under way', () => {
  it('is neither let in nor remembered', async () => {
    nextMinute();
    const made = (await create('Racing')).body;
    const keys = new KeyResolver(svc.store, clock);
    const lookup = keys.lookUp(made.key);
    // Revoked on this replica before the read answers: the read may predate the revoke.
    keys.forget(made.id);
    expect(await lookup).toBeNull();
    expect(keys.cached(made.key)).toBeUndefined();
    await revoke(made.id);
  });
});

describe('changing retention', () => {
  it('is for admins only (403 for a member), and each change is recorded: who, when, from what, to what', async () => {
    nextMinute();
    const member = (await create('Member')).body;
    const refused = await svc.call<Err>('PUT', '/api/v1/retention', {
      key: member.key,
      body: { days: 1, max_runs: 1 },
    });
    expect(refused.status).toBe(403);
    assertMatchesContract('updateRetention', 403, refused.body);
    expect(refused.body.error).toMatch(/^Only an admin key can change how long runs are kept/);

    const put = await svc.call<Retention>('PUT', '/api/v1/retention', { body: { days: 7, max_runs: null } });
    expect(put.status).toBe(200);
    const back = await svc.call<Retention>('PUT', '/api/v1/retention', { body: { days: null, max_runs: null } });
    assertMatchesContract('updateRetention', 200, back.body);
    const operator = (await svc.call<Key>('GET', '/api/v1/keys/current')).body;
    const read = await svc.call<Retention>('GET', '/api/v1/retention', { key: member.key });
    expect(read.body.changes).toEqual([
      {
        changed_at: expect.any(String),
        changed_by: { id: operator.id, name: operator.name },
        from: { days: 7, max_runs: null },
        to: { days: null, max_runs: null },
      },
      {
        changed_at: expect.any(String),
        changed_by: { id: operator.id, name: operator.name },
        from: { days: null, max_runs: null },
        to: { days: 7, max_runs: null },
      },
    ]);
    await revoke(member.id);
  });
});
