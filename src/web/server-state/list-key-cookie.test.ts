// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { NO_CAPABILITIES, type ServerCapabilities } from '@/api/capabilities';
import { getProfilesStore, type Profile } from '@/api/profiles-store';
import { followListKeyCookie, listKeyCookie } from './list-key-cookie';
import { serverQueries } from './server';

const page = { origin: 'https://dash.example', protocol: 'https:' };
const profile = (over: Partial<Profile> = {}): Profile => ({
  id: 'local',
  name: 'Local',
  baseUrl: 'https://dash.example/api/v1',
  apiKey: 'key/one',
  remember: true,
  ...over,
});
const REMOVED = 'wf_list_key=; Path=/; SameSite=Strict; Secure; Max-Age=0';

describe('listKeyCookie', () => {
  it('carries a remembered key for this origin’s own service, when it reads the cookie', () => {
    expect(listKeyCookie(profile(), true, page)).toBe(
      'wf_list_key=key%2Fone; Path=/; SameSite=Strict; Secure; Max-Age=2592000',
    );
    expect(listKeyCookie(profile({ baseUrl: 'https://dash.example/api/v1/' }), true, page)).toContain('key%2Fone');
    expect(listKeyCookie(profile(), true, { origin: 'http://127.0.0.1:5310', protocol: 'http:' })).toBe(
      'wf_list_key=; Path=/; SameSite=Strict; Max-Age=0',
    );
  });

  it('removes it for a key kept only in this tab, another server, no key, or a server that does not read it', () => {
    expect(listKeyCookie(profile({ remember: false }), true, page)).toBe(REMOVED);
    expect(listKeyCookie(profile({ baseUrl: 'https://api.example/api/v1' }), true, page)).toBe(REMOVED);
    expect(listKeyCookie(profile({ baseUrl: 'https://dash.example/other/v1' }), true, page)).toBe(REMOVED);
    expect(listKeyCookie(profile({ apiKey: '' }), true, page)).toBe(REMOVED);
    expect(listKeyCookie(profile(), false, page)).toBe(REMOVED);
  });
});

describe('followListKeyCookie', () => {
  const withCapabilities = (capabilities: ServerCapabilities) => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(serverQueries.capabilities().queryKey, capabilities);
    return queryClient;
  };
  const settle = () => new Promise((done) => setTimeout(done, 0));

  it('follows the active profile: its key while remembered, the cookie’s removal once forgotten', async () => {
    const store = getProfilesStore();
    const here = { origin: location.origin, protocol: location.protocol };
    store.save({ ...store.active(), baseUrl: `${location.origin}/api/v1`, apiKey: 'first-key', remember: true });
    const written: string[] = [];
    const stop = followListKeyCookie(withCapabilities({ ...NO_CAPABILITIES, listKeyCookie: true }), here, (c) =>
      written.push(c),
    );
    await settle();
    expect(written.at(-1)).toMatch(/^wf_list_key=first-key; /);
    store.save({ ...store.active(), apiKey: 'second-key' });
    await settle();
    expect(written.at(-1)).toMatch(/^wf_list_key=second-key; /);
    store.save({ ...store.active(), remember: false });
    await settle();
    expect(written.at(-1)).toMatch(/^wf_list_key=; .*Max-Age=0$/);
    const count = written.length;
    store.save({ ...store.active(), name: 'Renamed' });
    await settle();
    expect(written).toHaveLength(count);
    stop();
  });

  it('removes it on a server without the extension, and leaves it while the capabilities are unread', async () => {
    const store = getProfilesStore();
    store.save({ ...store.active(), baseUrl: `${location.origin}/api/v1`, apiKey: 'a-key', remember: true });
    const lacking = vi.fn();
    followListKeyCookie(withCapabilities(NO_CAPABILITIES), location, lacking)();
    await settle();
    expect(lacking).toHaveBeenCalledWith(expect.stringMatching(/^wf_list_key=; .*Max-Age=0$/));
    const unread = vi.fn();
    followListKeyCookie(withCapabilities({ ...NO_CAPABILITIES, unread: true }), location, unread)();
    await settle();
    expect(unread).not.toHaveBeenCalled();
  });
});
