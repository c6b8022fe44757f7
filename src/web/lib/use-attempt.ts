import { useState } from 'react';

/**
 * Work a button starts: `busy` while it runs (so the button shows it and cannot start it twice),
 * and the sentence of its failure until the next try.
 */
export function useAttempt() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const attempt = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, attempt };
}
