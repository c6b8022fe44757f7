import { useState } from 'react';
import { Checkbox, FieldHint } from '@/components/ui/input';
import { notificationsSupported, setNotificationsEnabled, useNotificationsEnabled } from './notifications';

export function NotificationToggle() {
  const enabled = useNotificationsEnabled();
  const [refused, setRefused] = useState(false);
  if (!notificationsSupported()) {
    return (
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        This browser does not support notifications; you will still get in-page toasts.
      </p>
    );
  }
  return (
    <div>
      <Checkbox
        id="notify-toggle"
        checked={enabled}
        onChange={async (e) => setRefused(!(await setNotificationsEnabled(e.target.checked)) && e.target.checked)}
        label="Notify me in the browser when a run I started finishes or fails"
        aria-describedby="notify-hint"
      />
      <FieldHint id="notify-hint">
        {refused
          ? 'The browser did not allow notifications. Allow them in the site settings, then try again.'
          : 'You always get a toast in the dashboard; this adds a system notification, useful when the tab is in the background.'}
      </FieldHint>
    </div>
  );
}
