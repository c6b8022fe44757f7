import { Checkbox, FieldHint } from '@/components/ui/input';

/** "Remember on this device", with what each choice means for where the key is kept. */
export function RememberKey({
  id,
  checked,
  onChange,
  keptIn,
}: {
  /** The form's id: the checkbox and its hint are named after it. */
  id: string;
  checked: boolean;
  onChange: (remember: boolean) => void;
  /** Where a remembered key stays, as the end of "On: it stays in …". */
  keptIn: string;
}) {
  return (
    <div>
      <Checkbox
        id={`${id}-remember`}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        label="Remember on this device"
        aria-describedby={`${id}-remember-hint`}
      />
      <FieldHint id={`${id}-remember-hint`}>
        Off: the open tabs of this browser share the key, and it is forgotten when the last one closes. On: it stays in{' '}
        {keptIn}.
      </FieldHint>
    </div>
  );
}
