// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getProfilesStore, type Profile } from '@/api/profiles-store';
import { descriptionOf, FakeV1Server, renderWithServer } from '@/testing/render';
import { ConnectionForm } from './connection-form';

const draft = (fields: Partial<Profile> = {}): Profile => ({
  id: '',
  name: 'Production',
  baseUrl: `${location.origin}/api/v1`,
  apiKey: '',
  remember: false,
  ...fields,
});

async function renderForm(profile: Profile, server = new FakeV1Server(), plannerShownAbove = false) {
  const onSaved = vi.fn();
  const rendered = await renderWithServer(
    <ConnectionForm profile={profile} onSaved={onSaved} plannerShownAbove={plannerShownAbove} />,
    { server },
  );
  await screen.findByRole('form', { name: 'Connection' });
  return { ...rendered, onSaved };
}

describe('ConnectionForm', () => {
  it('shows what is missing beside each empty field and sends nothing', async () => {
    const { user, server, onSaved } = await renderForm(draft({ name: '', baseUrl: '' }));

    await user.click(screen.getByRole('button', { name: 'Save and connect' }));

    expect(descriptionOf(screen.getByLabelText(/Profile name/))).toBe(
      'Give the profile a name, like Local or Production.',
    );
    expect(descriptionOf(screen.getByLabelText(/Base URL/))).toContain('Enter the API base URL, ending in /api/v1.');
    expect(descriptionOf(screen.getByLabelText(/API key/))).toContain('Enter the API key for this server.');
    expect(server.seen('GET', /^\/workflows$/)).toHaveLength(0);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('clears a field’s message as soon as the person types in it', async () => {
    const { user } = await renderForm(draft({ name: '' }));
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(descriptionOf(screen.getByLabelText(/Profile name/))).toMatch(/Give the profile a name/);

    await user.type(screen.getByLabelText(/Profile name/), 'Staging');

    expect(descriptionOf(screen.getByLabelText(/Profile name/))).not.toMatch(/Give the profile a name/);
  });

  it('refuses an address that is not http or https', async () => {
    const { user } = await renderForm(draft({ apiKey: 'k' }));
    const url = screen.getByLabelText(/Base URL/);
    await user.clear(url);
    await user.type(url, 'ftp://example.com/api/v1');
    await user.click(screen.getByRole('button', { name: 'Test connection' }));

    expect(descriptionOf(url)).toContain('Use an http:// or https:// address.');
  });

  it('says the key was rejected, and offers to save anyway', async () => {
    const { user, onSaved } = await renderForm(draft());
    await user.type(screen.getByLabelText(/API key/), 'wrong-key');
    await user.click(screen.getByRole('button', { name: 'Test connection' }));

    const verdict = await screen.findByRole('status');
    expect(verdict.textContent).toContain('Connection failed');
    expect(verdict.textContent).toContain('The server rejected this key.');
    await user.click(screen.getByRole('button', { name: 'Save anyway' }));
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ name: 'Production', apiKey: 'wrong-key' }));
  });

  it('tests the key against the server, then saves the profile and makes it the active one', async () => {
    const { user, server, onSaved } = await renderForm(draft());
    await user.type(screen.getByLabelText(/API key/), server.apiKey);
    await user.click(screen.getByRole('button', { name: 'Save and connect' }));

    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(server.seen('GET', /^\/workflows$/)).toHaveLength(1);
    const saved = onSaved.mock.calls[0]![0] as Profile;
    expect(getProfilesStore().active()).toMatchObject({ id: saved.id, name: 'Production', apiKey: server.apiKey });
  });

  it('shows the key only when asked', async () => {
    const { user } = await renderForm(draft({ apiKey: 'secret-key' }));
    const key = screen.getByLabelText(/API key/);
    expect(key.getAttribute('type')).toBe('password');

    await user.click(screen.getByRole('button', { name: 'Show' }));

    expect(key.getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('says in its success how the server plans workflows, where the server declares it', async () => {
    const server = new FakeV1Server({ extensions: true, service: { planner: 'model', model: 'llama3.1' } });
    const { user } = await renderForm(draft(), server);
    await user.type(screen.getByLabelText(/API key/), server.apiKey);
    await user.click(screen.getByRole('button', { name: 'Test connection' }));

    const verdict = await screen.findByRole('status');
    expect(verdict.textContent).toContain('Connection OK');
    expect(verdict.textContent).toContain(
      'Workflows are planned by the model llama3.1 (falls back to built-in rules if it fails).',
    );
  });

  it('does not repeat how the server plans when the page already says it above the form', async () => {
    const server = new FakeV1Server({ extensions: true, service: { planner: 'model', model: 'llama3.1' } });
    const { user } = await renderForm(draft(), server, true);
    await user.type(screen.getByLabelText(/API key/), server.apiKey);
    await user.click(screen.getByRole('button', { name: 'Test connection' }));

    const verdict = await screen.findByRole('status');
    expect(verdict.textContent).toContain('Connection OK');
    expect(verdict.textContent).not.toContain('planned by');
  });

  it('says nothing of planning in its success on a server that does not declare it', async () => {
    const { user, server } = await renderForm(draft());
    await user.type(screen.getByLabelText(/API key/), server.apiKey);
    await user.click(screen.getByRole('button', { name: 'Test connection' }));

    const verdict = await screen.findByRole('status');
    expect(verdict.textContent).toContain('Connection OK');
    expect(verdict.textContent).not.toContain('planned by');
    expect(server.seen('GET', /^\/service$/)).toHaveLength(0);
  });
});
