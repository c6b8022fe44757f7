import { useEffect, useState } from 'react';
import { Textarea } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { secondsLeft, UNDO_SECONDS, type PendingDecision } from './pending-decisions';

/** "Approving in 3 s…", counting down to the moment the queued decision is sent. */
export function Countdown({ decision }: { decision: PendingDecision }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const verb = decision.approved ? 'Approving' : 'Rejecting';
  return (
    <>
      {/* The ticking figure is for the eye; a screen reader hears the window once, not every second. */}
      <span aria-hidden="true">
        {verb} in {secondsLeft(decision.sendAt, now)} s…
      </span>
      <span className="sr-only">
        {verb} in {UNDO_SECONDS} seconds.
      </span>
    </>
  );
}

/** The reviewer's optional note that goes with a decision, as the run page and the inbox both ask for it. */
export function DecisionComment({
  id,
  value,
  onChange,
  disabled,
  autoFocus,
  labelClassName,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  autoFocus?: boolean;
  labelClassName?: string;
}) {
  return (
    <div>
      <label htmlFor={id} className={cn('mb-1 block text-sm font-medium', labelClassName)}>
        Comment <span className="font-normal opacity-80">(optional)</span>
      </label>
      <Textarea
        id={id}
        rows={2}
        value={value}
        disabled={disabled}
        autoFocus={autoFocus}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
