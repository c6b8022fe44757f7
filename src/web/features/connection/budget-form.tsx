import { useId, useState } from 'react';
import { LIMITS } from '@contract/limits';
import { Button } from '@/components/ui/button';
import { FieldError, FieldHint, Input, Label } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { requestBudget, useConnection } from '@/server-state/connection';
import { getProfilesStore } from '@/api/profiles-store';

/** The per-minute request budget the scheduler keeps this browser under. */
export function BudgetForm() {
  const id = useId();
  const { budget } = useConnection();
  const [value, setValue] = useState(String(budget));
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1 || n > 10_000) {
      setError('Enter a whole number of requests per minute, from 1 to 10000.');
      return;
    }
    setError(null);
    getProfilesStore().setBudget(n);
    requestBudget.setPerMinute(n);
    toast({ tone: 'success', title: 'Request budget saved', description: `${n} requests per minute.` });
  };
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-3" aria-label="Request budget">
      <div className="w-48">
        <Label htmlFor={`${id}-budget`}>Requests per minute</Label>
        <Input
          id={`${id}-budget`}
          type="number"
          min={1}
          max={10_000}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          invalid={!!error}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        />
      </div>
      <Button type="submit" variant="secondary">
        Save budget
      </Button>
      <div className="basis-full">
        {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
        <FieldHint id={`${id}-hint`}>
          The v1 limit is {LIMITS.rateLimitPerMinute} per key per minute. Every tab of this browser shares the budget;
          user actions go first, then what is on screen, then background checks.
        </FieldHint>
      </div>
    </form>
  );
}
