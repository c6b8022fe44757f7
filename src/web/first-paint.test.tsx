// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { WorkflowListItem } from '@contract/openapi-document';
import { ProfilesStore, type StorageLike } from '@/api/profiles-store';
import { WorkflowList } from '@/features/workflows/workflow-list';
import { renderWithServer } from '@/testing/render';
import { firstListRead, firstPageMarkup, listOf } from './first-paint';

const ORIGIN = 'http://127.0.0.1:5303';

const memory = (): StorageLike => {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
};

const page = (pathname: string, search = '') => ({ pathname, search, origin: ORIGIN });

const workflow = (over: Partial<WorkflowListItem> = {}): WorkflowListItem => ({
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Company Brief',
  description: 'A brief from a company name and its website',
  created_at: '2026-11-28T10:00:00.000Z',
  updated_at: '2026-11-28T11:00:00.000Z',
  ...over,
});

describe('firstListRead', () => {
  it('reads the active profile’s base URL and key as the profiles store holds them', () => {
    const local = memory();
    const session = memory();
    const store = new ProfilesStore(local, session, ORIGIN);
    store.save({ ...store.active(), apiKey: 'session-key' });
    expect(firstListRead(page('/workflows'), local, session)).toEqual({
      url: `${ORIGIN}/api/v1/workflows?limit=50`,
      key: 'session-key',
    });

    // A second, remembered profile on another server, made active.
    const other = store.save({
      name: 'Hosted',
      baseUrl: 'https://api.example.com/v1/',
      apiKey: 'kept',
      remember: true,
    });
    store.setActive(other.id);
    expect(firstListRead(page('/'), local, memory())).toEqual({
      url: 'https://api.example.com/v1/workflows?limit=50',
      key: 'kept',
    });
  });

  it('leaves other pages, a filtered list and a tab without a key to the app', () => {
    const local = memory();
    const session = memory();
    const store = new ProfilesStore(local, session, ORIGIN);
    expect(firstListRead(page('/workflows'), local, session)).toBeNull();
    store.save({ ...store.active(), apiKey: 'k' });
    expect(firstListRead(page('/runs'), local, session)).toBeNull();
    expect(firstListRead(page('/workflows/abc'), local, session)).toBeNull();
    expect(firstListRead(page('/workflows', '?q=brief'), local, session)).toBeNull();
    expect(firstListRead(page('/workflows/'), local, session)).not.toBeNull();
  });
});

describe('listOf', () => {
  it('takes a list page and refuses anything else', () => {
    expect(listOf({ data: [workflow()], cursor: null })).toHaveLength(1);
    expect(listOf({ data: [{ id: 1 }] })).toBeNull();
    expect(listOf({ error: 'invalid key' })).toBeNull();
    expect(listOf(null)).toBeNull();
  });
});

describe('firstPageMarkup', () => {
  it('writes names and descriptions as text, never as markup', () => {
    const host = document.createElement('div');
    host.innerHTML = firstPageMarkup(
      [workflow({ name: '<img src=x onerror=alert(1)>', description: 'a & b "c"' })],
      false,
    );
    expect(host.querySelector('img')).toBeNull();
    expect(host.querySelector('main li span')?.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(host.querySelector('main li p')?.textContent).toBe('a & b "c"');
  });

  it('draws each row as the app’s list does, so the app’s page replaces it in place', async () => {
    const now = Date.now();
    const list = [
      workflow({
        created_at: new Date(now - 3 * 3600_000).toISOString(),
        updated_at: new Date(now - 3 * 3600_000).toISOString(),
      }),
      workflow({
        id: '22222222-2222-4222-8222-222222222222',
        name: 'Digest',
        description: '',
        example: true,
        status: 'planning',
        created_at: new Date(now - 2 * 86400_000).toISOString(),
        updated_at: new Date(now - 60_000).toISOString(),
      }),
    ];
    const drawn = document.createElement('div');
    drawn.innerHTML = firstPageMarkup(list, false, now);
    const { container } = await renderWithServer(<WorkflowList workflows={list} />);

    const rows = (root: ParentNode) => [...root.querySelectorAll('ul > li')];
    expect(rows(drawn)).toHaveLength(2);
    const ours = (el: Element | null | undefined) => (el?.getAttribute('class') ?? '').split(' ').filter(Boolean);
    expect(ours(drawn.querySelector('ul'))).toEqual(ours(container.querySelector('ul')));
    rows(drawn).forEach((row, i) => {
      const app = rows(container)[i]!;
      // Same text (names, badges, descriptions, dates), and every class drawn is one the app's row has
      // (the app adds only its hover and focus styles).
      expect(row.textContent).toBe(app.textContent);
      for (const selector of ['a', 'a > div', 'span.font-medium', 'p', 'p + p, p.text-xs', 'a > svg']) {
        const mine = row.querySelector(selector);
        if (mine === null) continue;
        expect(ours(app.querySelector(selector))).toEqual(expect.arrayContaining(ours(mine)));
      }
      expect(row.querySelector('a')?.getAttribute('href')).toBe(app.querySelector('a')?.getAttribute('href'));
    });
  });
});
