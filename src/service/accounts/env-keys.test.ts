import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { KEY_A, KEY_B, reportStep, startTestService, type TestService } from '../test-support/test-service';
import { hashKey } from './keys';
import { runKeysCommand } from './keys-command';

const services: TestService[] = [];
afterEach(async () => {
  for (const svc of services.splice(0).reverse()) await svc.close();
});

/** A test service whose log lines (JSON, info and up) land in `log`. */
async function service(env: Record<string, string> = {}, log: string[] = []): Promise<TestService> {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      log.push(chunk.toString());
      done();
    },
  });
  const svc = await startTestService(env, { logger: createLogger('info', sink) });
  services.push(svc);
  return svc;
}

const OTHER_KEY = 'another-configured-key-0123456789abcdef';

describe('keys from WORKFLOW_API_KEYS across restarts', () => {
  it('revokes a key that has left WORKFLOW_API_KEYS, keeps its workflows, and logs its name but never the key', async () => {
    const first = await service();
    const workflowId = await first.addWorkflow({ steps: [reportStep()] }, KEY_B);
    const accountB = first.accountId(KEY_B);
    await first.shutdown();

    const log: string[] = [];
    const second = await service({ DATA_DIR: first.dataDir, WORKFLOW_API_KEYS: KEY_A }, log);
    expect((await second.call('GET', '/api/v1/workflows', { key: KEY_B })).status).toBe(401);
    expect((await second.call('GET', '/api/v1/workflows', { key: KEY_A })).status).toBe(200);
    expect(await second.store.workflows.byId(workflowId)).toMatchObject({ account_id: accountB });
    expect(await second.store.apiKeys.holderOf(hashKey(KEY_B))).toMatchObject({
      account: { id: accountB },
      revoked: true,
    });
    const revoked = log.find((line) => line.includes(accountB));
    expect(revoked).toContain('WORKFLOW_API_KEYS #2');
    expect(log.join('')).not.toContain(KEY_B);
  });

  it('keeps a key made with `npm run keys -- create` working when the configured keys change', async () => {
    const first = await service();
    const output = await runKeysCommand(first.store, ['create', 'Robot']);
    const key = /API key \(shown once, store it now\): (wk_\S+)/.exec(output)![1]!;
    await first.shutdown();

    const second = await service({ DATA_DIR: first.dataDir, WORKFLOW_API_KEYS: OTHER_KEY });
    expect((await second.call('GET', '/api/v1/workflows', { key })).status).toBe(200);
    expect((await second.call('GET', '/api/v1/workflows', { key: KEY_A })).status).toBe(401);
  });

  it('leaves a removed key revoked when it is configured again, and warns that it will not work', async () => {
    const first = await service();
    await first.shutdown();
    const second = await service({ DATA_DIR: first.dataDir, WORKFLOW_API_KEYS: KEY_A });
    await second.shutdown();

    const log: string[] = [];
    const third = await service({ DATA_DIR: first.dataDir }, log);
    expect((await third.call('GET', '/api/v1/workflows', { key: KEY_B })).status).toBe(401);
    expect(log.join('')).toContain('WORKFLOW_API_KEYS #2 is a key that was revoked');
  });
});
