/**
 * Whether a server-provided `url` is simply this dashboard page (the local service points its
 * links at the dashboard), in which case offering it as "open on the server" would go nowhere.
 */
export function isOwnPage(url: string | undefined, here: { origin: string; pathname: string }): boolean {
  if (!url) return false;
  try {
    const target = new URL(url, here.origin);
    return target.origin === here.origin && target.pathname.replace(/\/+$/, '') === here.pathname.replace(/\/+$/, '');
  } catch {
    return false;
  }
}
