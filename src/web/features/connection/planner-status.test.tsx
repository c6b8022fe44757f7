// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FakeV1Server, renderWithServer } from '@/testing/render';
import { PlannerStatus } from './planner-status';

const PLANNED_BY = /Workflows are planned by/;

describe('PlannerStatus', () => {
  it('names the model a server plans with, and says the built-in rules step in when it fails', async () => {
    const server = new FakeV1Server({ extensions: true, service: { planner: 'model', model: 'llama3.1' } });
    await renderWithServer(<PlannerStatus />, { server });

    expect(
      await screen.findByText(
        'Workflows are planned by the model llama3.1 (falls back to built-in rules if it fails).',
      ),
    ).toBeTruthy();
  });

  it('says a server without a model plans with its built-in rules', async () => {
    const server = new FakeV1Server({ extensions: true, service: { planner: 'rules', model: null } });
    await renderWithServer(<PlannerStatus />, { server });

    expect(
      await screen.findByText('Workflows are planned by built-in rules (no model is configured on this server).'),
    ).toBeTruthy();
  });

  it('names a model server on the service’s machine and the one line that turns it on', async () => {
    const url = 'http://127.0.0.1:11434/v1';
    const command = `WORKFLOW_MODEL_URL=${url} WORKFLOW_MODEL=llama3.1:8b npm start`;
    const server = new FakeV1Server({
      extensions: true,
      service: { planner: 'rules', model: null, local_models: { url, models: ['llama3.1:8b', 'qwen2.5:7b'], command } },
    });
    await renderWithServer(<PlannerStatus />, { server });

    expect(
      await screen.findByText(
        `A model server on the service’s machine (${url}) has llama3.1:8b and qwen2.5:7b. It is not used until the service is started with:`,
      ),
    ).toBeTruthy();
    expect(screen.getByText(command).tagName).toBe('CODE');
  });

  it('says nothing on a plain v1 server, and never asks it', async () => {
    const { server } = await renderWithServer(<PlannerStatus />, { server: new FakeV1Server() });

    await vi.waitFor(() => expect(server.seen('GET', /^\/openapi\.json$/)).toHaveLength(1));
    expect(screen.queryByText(PLANNED_BY)).toBeNull();
    expect(server.seen('GET', /^\/service$/)).toHaveLength(0);
  });

  it('says nothing when a server that lists the route does not answer it', async () => {
    const { server } = await renderWithServer(<PlannerStatus />, { server: new FakeV1Server({ extensions: true }) });

    await vi.waitFor(() => expect(server.seen('GET', /^\/service$/)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(PLANNED_BY)).toBeNull();
  });
});
