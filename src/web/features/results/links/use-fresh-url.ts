import { useEffect, useState } from 'react';
import type { LinkResolver } from './fresh-links';

type FreshUrl = { url?: string; error?: string; attempt: number };

/**
 * A link the browser can load right now (images, PDFs). renew() forces one refetch of the detail,
 * for when the server rejected a link earlier than its stated lifetime.
 */
export function useFreshUrl(resolver: LinkResolver, filename: string) {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<FreshUrl>({ attempt: -1 });

  useEffect(() => {
    let live = true;
    resolver.fresh(filename, { force: attempt > 0 }).then(
      (file) => live && setResult({ url: file.url, attempt }),
      (error: unknown) => live && setResult({ error: error instanceof Error ? error.message : String(error), attempt }),
    );
    return () => {
      live = false;
    };
  }, [resolver, filename, attempt]);

  const current = result.attempt === attempt ? result : undefined;
  return {
    url: current?.url,
    error: current?.error,
    loading: !current,
    renew: () => setAttempt((n) => n + 1),
  };
}
