// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FakeV1Server, renderWithServer } from '@/testing/render';
import { LocalServiceScope } from './local-service-scope';

const RULES = /It plans by rules, not with an AI model/;

describe('LocalServiceScope', () => {
  it('says the service plans and writes with the model it names, never that it plans by rules', async () => {
    const server = new FakeV1Server({ extensions: true, service: { planner: 'model', model: 'llama3.1' } });
    await renderWithServer(<LocalServiceScope />, { server });

    expect(await screen.findByText(/It plans with the model llama3\.1, which can also write/)).toBeTruthy();
    expect(screen.queryByText(RULES)).toBeNull();
  });

  it('says the service plans by rules when the server says it has no model', async () => {
    const server = new FakeV1Server({ extensions: true, service: { planner: 'rules', model: null } });
    await renderWithServer(<LocalServiceScope />, { server });

    expect(await screen.findByText(RULES)).toBeTruthy();
  });

  it('says nothing on a plain v1 server', async () => {
    const { server } = await renderWithServer(<LocalServiceScope />, { server: new FakeV1Server() });

    await vi.waitFor(() => expect(server.seen('GET', /^\/openapi\.json$/)).toHaveLength(1));
    expect(screen.queryByText(/What this service can do/)).toBeNull();
  });
});
