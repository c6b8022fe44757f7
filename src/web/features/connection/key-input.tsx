import { useState, type ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

/** The API key's input, hidden like a password until the person presses "Show". */
export function KeyInput(props: Omit<ComponentProps<typeof Input>, 'type' | 'className'>) {
  const [shown, setShown] = useState(false);
  return (
    <div className="flex gap-2">
      <Input
        {...props}
        type={shown ? 'text' : 'password'}
        autoComplete="off"
        spellCheck={false}
        className="font-mono"
      />
      <Button variant="secondary" onClick={() => setShown((s) => !s)} aria-pressed={shown}>
        {shown ? 'Hide' : 'Show'}
      </Button>
    </div>
  );
}
