import { describe, expect, it } from 'vitest';
import { useTestService } from '../../test-support/use-service';

/** A keyless API request from the peer `remoteAddress`, naming `forwardedFor` as the client when given. */
const keyless = (svc: ReturnType<typeof useTestService>, remoteAddress: string, forwardedFor?: string) =>
  svc.app
    .inject({
      method: 'GET',
      url: '/api/v1/workflows',
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    })
    .then((res) => res.statusCode);

describe('without WORKFLOW_TRUSTED_PROXIES', () => {
  const svc = useTestService({ WORKFLOW_KEY_FAILURE_LIMIT: '2' });

  it('ignores X-Forwarded-For: a peer cannot escape its budget by naming other clients', async () => {
    expect(await keyless(svc, '10.1.0.1', '203.0.113.1')).toBe(401);
    expect(await keyless(svc, '10.1.0.1', '203.0.113.2')).toBe(401);
    expect(await keyless(svc, '10.1.0.1', '203.0.113.3')).toBe(429);
  });
});

describe('with WORKFLOW_TRUSTED_PROXIES', () => {
  const svc = useTestService({ WORKFLOW_KEY_FAILURE_LIMIT: '2', WORKFLOW_TRUSTED_PROXIES: '127.0.0.1, 10.2.0.0/16' });

  it('gives each client behind a trusted hop its own budget of failed keys', async () => {
    for (let i = 0; i < 2; i++) expect(await keyless(svc, '10.2.0.9', '203.0.113.1')).toBe(401);
    expect(await keyless(svc, '10.2.0.9', '203.0.113.1')).toBe(429);
    expect(await keyless(svc, '10.2.0.9', '203.0.113.2')).toBe(401);
    // The balancer's own address is not the one that ran out.
    expect(await keyless(svc, '10.2.0.9')).toBe(401);
  });

  it('ignores a forged X-Forwarded-For from a peer that is not a trusted hop', async () => {
    expect(await keyless(svc, '192.0.2.7', '203.0.113.10')).toBe(401);
    expect(await keyless(svc, '192.0.2.7', '203.0.113.11')).toBe(401);
    expect(await keyless(svc, '192.0.2.7', '203.0.113.12')).toBe(429);
  });

  it('reads the client through a chain of trusted hops, not past an untrusted one', async () => {
    // 198.51.100.1 forged the first entry; the trusted hops stop at the first address they do not trust.
    for (let i = 0; i < 2; i++)
      expect(await keyless(svc, '127.0.0.1', '198.51.100.1, 203.0.113.20, 10.2.0.3')).toBe(401);
    expect(await keyless(svc, '127.0.0.1', '198.51.100.2, 203.0.113.20, 10.2.0.3')).toBe(429);
    expect(await keyless(svc, '127.0.0.1')).toBe(401);
  });
});
