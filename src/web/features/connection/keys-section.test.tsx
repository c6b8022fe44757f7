// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getProfilesStore } from '@/api/profiles-store';
import { descriptionOf, FakeV1Server, renderWithServer } from '@/testing/render';
import { KeysSection } from './keys-section';

/** A local service with the keys extension: this browser's key (Ana's) and a robot's, made from the command line. */
function serverWithKeys() {
  const server = new FakeV1Server({ extensions: true });
  server.addKey({ name: 'Ana', secret: server.apiKey, last_used_at: new Date(Date.now() - 3 * 60_000).toISOString() });
  server.addKey({ name: 'Nightly import', created_by: { id: 'key-1', name: 'Ana' }, source: 'dashboard' });
  return server;
}

const keyRow = async (name: string) => {
  const list = await screen.findByRole('list', { name: 'Keys of this account' });
  const row = within(list)
    .getAllByRole('listitem')
    .find((item) => item.textContent?.startsWith(name));
  if (!row) throw new Error(`no key named ${name} in the list`);
  return row;
};

describe('the Keys section of Settings', () => {
  it('lists the account’s keys in a person’s words: who made them, when last used, and this browser’s own', async () => {
    await renderWithServer(<KeysSection />, { server: serverWithKeys() });

    const own = await keyRow('Ana');
    expect(own.textContent).toContain('This browser’s key');
    expect(own.textContent).toContain('last used 3 minutes ago');
    expect(own.textContent).toContain('on the server’s command line');
    const robot = await keyRow('Nightly import');
    expect(robot.textContent).toContain('by Ana');
    expect(robot.textContent).toContain('never used');
    expect(robot.textContent).not.toContain('This browser’s key');
  });

  it('says why a key needs a name, next to the field, and sends nothing', async () => {
    const { user, server } = await renderWithServer(<KeysSection />, { server: serverWithKeys() });

    await user.click(await screen.findByRole('button', { name: 'Create key' }));

    expect(descriptionOf(screen.getByLabelText(/Name of the new key/))).toBe(
      'Give the key a name, like the name of the person or robot who will use it.',
    );
    expect(server.seen('POST', /^\/keys$/)).toHaveLength(0);
  });

  it('shows a new key once, copies it, and adds it as a new connection profile', async () => {
    const { user, server } = await renderWithServer(<KeysSection />, { server: serverWithKeys() });

    await user.type(await screen.findByLabelText(/Name of the new key/), '  Dana  ');
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('textbox', { name: 'New key for Dana' });
    const made = server.keys.find((k) => k.name === 'Dana')!;
    expect(shown).toHaveProperty('value', made.secret);
    expect(server.seen('POST', /^\/keys$/)[0]?.body).toEqual({ name: 'Dana', role: 'member' });
    expect(screen.getByText(/shown only this once/)).toBeTruthy();
    expect(await keyRow('Dana')).toBeTruthy();
    // Focus moves to Copy key, so the key is in view and one Enter copies it.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Copy key' }));

    await user.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe(made.secret);

    await user.click(screen.getByRole('button', { name: 'Add as a new connection' }));
    const profile = getProfilesStore()
      .getState()
      .profiles.find((p) => p.name === 'Dana');
    expect(profile).toMatchObject({ apiKey: made.secret, baseUrl: getProfilesStore().active().baseUrl });
    expect(screen.getByText(/Added the connection “Dana”/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('textbox', { name: 'New key for Dana' })).toBeNull();
  });

  it('revokes another key after one confirmation, and shows it revoked', async () => {
    const { user, server } = await renderWithServer(<KeysSection />, { server: serverWithKeys() });

    await user.click(await screen.findByRole('button', { name: 'Revoke Nightly import' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke the key “Nightly import”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke key' }));

    await expect.poll(async () => (await keyRow('Nightly import')).textContent).toContain('Revoked');
    expect(server.keys.find((k) => k.name === 'Nightly import')?.revoked_at).not.toBeNull();
    expect(getProfilesStore().active().apiKey).toBe(server.apiKey);
  });

  it('asks twice before revoking this browser’s own key, says how to get back in, then signs out', async () => {
    // Keys the operator made are revoked on the server only: this browser's key was made in Settings.
    const server = new FakeV1Server({ extensions: true });
    server.addKey({ name: 'Operator' });
    server.addKey({ name: 'Ana', secret: server.apiKey, source: 'dashboard', created_by: { id: 'key-1', name: 'Op' } });
    const { user } = await renderWithServer(<KeysSection />, { server });

    await user.click(await screen.findByRole('button', { name: 'Revoke Ana' }));
    const first = screen.getByRole('dialog', { name: 'Revoke the key “Ana”?' });
    expect(first.textContent).toContain('This is the key this browser is using.');
    await user.click(within(first).getByRole('button', { name: 'Continue' }));
    expect(server.seen('POST', /revoke$/)).toHaveLength(0);

    const second = screen.getByRole('dialog', { name: 'Sign this browser out?' });
    expect(second.textContent).toContain('this browser is signed out');
    expect(second.textContent).toContain('To get back in, paste another working key of this account');
    await user.click(within(second).getByRole('button', { name: 'Revoke and sign out' }));

    await expect.poll(() => getProfilesStore().active().apiKey).toBe('');
    expect(server.keys.find((k) => k.name === 'Ana')?.revoked_at).not.toBeNull();
  });

  it('for a member key, shows its role and why it can neither make keys nor revoke others', async () => {
    const server = new FakeV1Server({ extensions: true });
    server.addKey({ name: 'Operator' });
    server.addKey({ name: 'Ana', secret: server.apiKey, source: 'dashboard', role: 'member' });
    server.addKey({ name: 'Bo', source: 'dashboard', role: 'member' });
    await renderWithServer(<KeysSection />, { server });

    expect(await screen.findByText(/This browser uses “Ana”, a member key/)).toBeTruthy();
    expect(screen.getByText(/only an admin key can create keys or revoke others/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create key' })).toBeNull();
    expect((await keyRow('Bo')).textContent).toContain('Only an admin key can revoke it.');
    expect((await keyRow('Operator')).textContent).toContain('Made on the server; it can be revoked only there.');
    expect(within(await keyRow('Ana')).getByRole('button', { name: 'Revoke Ana' })).toBeTruthy();
  });

  it('offers no revoke for the account’s only working key, and says why', async () => {
    const server = new FakeV1Server({ extensions: true });
    server.addKey({ name: 'Ana', secret: server.apiKey });
    await renderWithServer(<KeysSection />, { server });

    const own = await keyRow('Ana');
    expect(within(own).queryByRole('button', { name: /Revoke/ })).toBeNull();
    expect(own.textContent).toContain('create another before revoking it');
  });

  it('on a server without the keys extension, says where its keys come from and offers no buttons', async () => {
    const { server } = await renderWithServer(<KeysSection />, { server: new FakeV1Server() });

    expect(
      await screen.findByText(/Keys for it are made in its own settings page or by the person who runs it/),
    ).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(server.seen('GET', /^\/keys/)).toHaveLength(0);
  });
});
