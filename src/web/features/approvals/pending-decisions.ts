import { useCallback, useEffect, useRef, useState } from 'react';

/** Seconds a decision waits before it is sent, so a slip can be undone. */
export const UNDO_SECONDS = 5;

export interface PendingDecision {
  workflowId: string;
  executionId: string;
  approved: boolean;
  /** The reviewer's note, as written when deciding (later typing does not change a queued decision). */
  comment?: string;
  /** Epoch ms when it is sent. */
  sendAt: number;
}

/**
 * Decisions held for a few seconds before they go out: `decide` queues one (or many, for bulk
 * approval), `undo` takes it back, and `send` is called for each one whose time has come. The
 * approvals inbox and a single run's approval panel share it, so both give the same undo window.
 */
export function usePendingDecisions(send: (decision: PendingDecision) => void, delayMs = UNDO_SECONDS * 1000) {
  const [pending, setPending] = useState<ReadonlyMap<string, PendingDecision>>(new Map());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  }, [send]);
  useEffect(() => {
    const all = timers.current;
    return () => all.forEach((t) => clearTimeout(t));
  }, []);

  const decide = useCallback(
    (items: { workflowId: string; executionId: string; comment?: string }[], approved: boolean) => {
      const sendAt = Date.now() + delayMs;
      setPending((prev) => {
        const next = new Map(prev);
        for (const item of items) next.set(item.executionId, { ...item, approved, sendAt });
        return next;
      });
      for (const item of items) {
        clearTimeout(timers.current.get(item.executionId));
        timers.current.set(
          item.executionId,
          setTimeout(() => {
            timers.current.delete(item.executionId);
            setPending((prev) => {
              const next = new Map(prev);
              next.delete(item.executionId);
              return next;
            });
            sendRef.current({ ...item, approved, sendAt });
          }, delayMs),
        );
      }
    },
    [delayMs],
  );

  const undo = useCallback((executionId: string) => {
    clearTimeout(timers.current.get(executionId));
    timers.current.delete(executionId);
    setPending((prev) => {
      const next = new Map(prev);
      next.delete(executionId);
      return next;
    });
  }, []);

  return { pending, decide, undo };
}

/** Whole seconds until a queued decision is sent, never below 1 while it is still queued. */
export const secondsLeft = (sendAt: number, now: number) => Math.max(1, Math.ceil((sendAt - now) / 1000));
