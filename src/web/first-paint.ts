// The first page, painted before the app's JavaScript runs (issue #33): on a mid-range phone the
// app's 130 kB of JavaScript take about a second to parse and run, while the list's answer takes tens
// of milliseconds. A small classic script (first-paint-boot.ts) reads the list with the remembered key
// and draws it as plain HTML in the app's own classes; the app then starts, takes the same answer
// (api/first-answer.ts) and replaces the drawing with the live page. The markup mirrors the header
// and src/web/features/workflows' list and heading: first-paint.test.tsx compares them.
import type { WorkflowListItem } from '@contract/openapi-document';
import type { StorageLike } from '@/api/profiles-store';
import { formatPast } from '@/lib/format-time';

/** The page size of the list's first read: the same as the app's (server-state/workflows.ts). */
const FIRST_LIST_LIMIT = 50;

/** The list's pages: `/` leads to it. A filtered list (`?q=`) is left to the app. */
const LIST_PAGE = /^\/(workflows\/?)?$/;

export interface FirstListRead {
  url: string;
  key: string;
}

/**
 * The request for the list's first page, as the app's client sends it, when this page is the list
 * and the active profile has a key in this tab; otherwise null (the app starts as it always did).
 */
export function firstListRead(
  page: { pathname: string; search: string; origin: string },
  local: StorageLike,
  session: StorageLike,
): FirstListRead | null {
  if (!LIST_PAGE.test(page.pathname) || page.search !== '') return null;
  const profile = activeProfile(local, session, page.origin);
  if (profile === null) return null;
  let base: URL;
  try {
    base = new URL(profile.baseUrl.replace(/\/+$/, ''), page.origin);
  } catch {
    return null;
  }
  return { url: `${base.href.replace(/\/+$/, '')}/workflows?limit=${FIRST_LIST_LIMIT}`, key: profile.key };
}

/**
 * The active profile's base URL and key, read from storage the way api/profiles-store.ts stores
 * them (that module's class would double this script's size); null when anything is unexpected,
 * which leaves the work to the app. first-paint.test.tsx checks both read the same profile.
 */
function activeProfile(
  local: StorageLike,
  session: StorageLike,
  origin: string,
): { baseUrl: string; key: string } | null {
  const stored: unknown = JSON.parse(local.getItem('wf.profiles') ?? 'null');
  const profiles = Array.isArray(stored)
    ? (stored as Array<{ id?: unknown; baseUrl?: unknown; remember?: unknown }>)
    : [{ id: 'local', baseUrl: `${origin}/api/v1`, remember: false }];
  const activeId = local.getItem('wf.activeProfile');
  const profile = profiles.find((p) => p.id === activeId) ?? profiles[0];
  if (!profile || typeof profile.id !== 'string' || typeof profile.baseUrl !== 'string') return null;
  const key = (profile.remember === true ? local : session).getItem(`wf.key.${profile.id}`)?.trim() ?? '';
  return key === '' ? null : { baseUrl: profile.baseUrl, key };
}

/** The list page of an answer, or null when it is not one. */
export function listOf(body: unknown): WorkflowListItem[] | null {
  const data = (body as { data?: unknown } | null)?.data;
  const fields = ['id', 'name', 'created_at', 'updated_at'] as const;
  return Array.isArray(data) && data.every((w) => fields.every((f) => typeof w?.[f] === 'string'))
    ? (data as WorkflowListItem[])
    : null;
}

/** The drawing of a list answer's body, or null when it is not a list page (the app then reports what is wrong). */
export function firstPageOf(body: unknown, now = Date.now()): string | null {
  const list = listOf(body);
  return list === null ? null : firstPageMarkup(list, !!(body as { cursor?: unknown }).cursor, now);
}

/** Text as HTML: the characters markup gives meaning to, as numeric references. */
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const svg = (className: string, body: string) =>
  `<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.75" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" class="size-4 shrink-0 ${className}">${body}</svg>`;
const PLUS_ICON = '<path d="M12 5v14M5 12h14"></path>';
const CHEVRON_ICON = '<path d="m9 6 6 6-6 6"></path>';

const PRIMARY =
  'inline-flex items-center justify-center gap-1.5 rounded-md font-medium whitespace-nowrap bg-indigo-600 text-white shadow-sm dark:bg-indigo-500';
const ROW_LINK = 'group flex items-center gap-4 px-4 py-3.5 sm:px-5';
const ROW_NAME = 'truncate font-medium text-zinc-900 dark:text-zinc-100';
const ROW_DESCRIPTION = 'mt-0.5 line-clamp-1 text-sm text-zinc-600 dark:text-zinc-400';
const ROW_ACTIVITY = 'mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400';
const BADGE =
  'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset';
const BADGES = {
  planning: [
    'bg-sky-50 text-sky-800 ring-sky-300/60 dark:bg-sky-500/15 dark:text-sky-300 dark:ring-sky-500/30',
    'Planning…',
  ],
  failed: [
    'bg-red-50 text-red-700 ring-red-300/60 dark:bg-red-500/15 dark:text-red-300 dark:ring-red-500/30',
    'Planning failed',
  ],
  example: [
    'bg-indigo-50 text-indigo-700 ring-indigo-300/60 dark:bg-indigo-500/15 dark:text-indigo-300 dark:ring-indigo-500/30',
    'Example',
  ],
} as const;

/** The planning badges' icons come with the app; the space before the label is the app's, so the text matches. */
const BADGE_ICONS: Record<keyof typeof BADGES, string> = { planning: ' ', failed: ' ', example: '' };

const badge = (kind: keyof typeof BADGES) =>
  `<span class="${BADGE} ${BADGES[kind][0]}">${BADGE_ICONS[kind]}${BADGES[kind][1]}</span>`;

const time = (iso: string, now: number) => `<time>${formatPast(iso, now)}</time>`;

function row(w: WorkflowListItem, now: number): string {
  const updated =
    w.updated_at !== w.created_at ? `<span aria-hidden="true"> · </span>updated ${time(w.updated_at, now)}` : '';
  const badges = [
    w.status === 'planning' || w.status === 'failed' ? badge(w.status) : '',
    w.example ? badge('example') : '',
  ].join('');
  const description = w.description ? `<p class="${ROW_DESCRIPTION}">${escape(w.description)}</p>` : '';
  return (
    `<li><a href="/workflows/${encodeURIComponent(w.id)}" class="${ROW_LINK}"><div class="min-w-0 flex-1">` +
    `<div class="flex flex-wrap items-center gap-2"><span class="${ROW_NAME}">${escape(w.name)}</span>${badges}</div>` +
    `${description}<p class="${ROW_ACTIVITY}"><span class="text-zinc-500 dark:text-zinc-400">Created ${time(w.created_at, now)}${updated}</span></p>` +
    `</div>${svg('text-zinc-400', CHEVRON_ICON)}</a></li>`
  );
}

/** The header's frame and brand mark; its links and tools come with the app (the same height: nothing moves). */
function header(): string {
  return (
    `<header class="sticky top-0 z-30 border-b border-zinc-200 bg-white/85 backdrop-blur dark:border-zinc-800 dark:bg-zinc-950/85">` +
    `<div class="mx-auto flex h-14 max-w-6xl items-center gap-1.5 px-3 sm:gap-4 sm:px-6">` +
    `<span class="grid size-7 shrink-0 place-items-center rounded-md bg-indigo-600 text-white shadow-sm"></span>` +
    `</div></header>`
  );
}

/**
 * The list page as plain HTML: the header's frame, the heading, the count and the
 * rows (names, descriptions, dates) in the app's classes, so the app's page replaces it in place.
 */
export function firstPageMarkup(workflows: WorkflowListItem[], more: boolean, now = Date.now()): string {
  const heading =
    `<div class="flex flex-wrap items-end justify-between gap-3"><div>` +
    `<h1 class="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white">Workflows</h1>` +
    `<p class="mt-1 text-sm text-zinc-600 dark:text-zinc-400">Automations designed from a prompt. Open one to run it.</p></div>` +
    `<a href="/workflows/new" class="${PRIMARY} h-9 px-3.5 text-sm">${svg('', PLUS_ICON)} New workflow</a></div>`;
  const list =
    workflows.length === 0
      ? ''
      : `<div class="flex flex-wrap items-center justify-between gap-3"><div class="h-9 w-full sm:max-w-xs"></div>` +
        `<p class="text-sm text-zinc-500 dark:text-zinc-400">${workflows.length}${more ? '+' : ''} workflows</p></div>` +
        `<ul class="divide-y divide-zinc-200 overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-xs dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">` +
        `${workflows.map((w) => row(w, now)).join('')}</ul>`;
  return (
    `<div class="flex min-h-dvh flex-col">${header()}` +
    `<main class="mx-auto w-full max-w-6xl flex-1 px-3 py-6 sm:px-6 sm:py-8"><div class="space-y-6">${heading}${list}</div></main></div>`
  );
}
