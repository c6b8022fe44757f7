/** Whether a key event comes from a place where typing letters must not trigger shortcuts. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

export interface SequenceMatcher {
  /** Feeds one key; returns the completed sequence name, if any. */
  push(key: string, at: number): string | null;
}

/**
 * Matches two-key sequences like "g w" typed within `windowMs`, the way Linear and GitHub do.
 */
export function sequenceMatcher(sequences: Record<string, string>, windowMs = 1000): SequenceMatcher {
  let previous: { key: string; at: number } | null = null;
  return {
    push(key, at) {
      const combo = previous && at - previous.at <= windowMs ? `${previous.key} ${key}` : null;
      previous = { key, at };
      if (combo && sequences[combo]) {
        previous = null;
        return sequences[combo]!;
      }
      return null;
    },
  };
}
