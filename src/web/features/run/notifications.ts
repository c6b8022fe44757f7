import { useSyncExternalStore } from 'react';

/** The user's opt-in for browser notifications when their runs end (also needs the permission). */
const KEY = 'wf.notify';
const listeners = new Set<() => void>();

export const notificationsSupported = () => typeof Notification === 'function';

function readOptIn(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export async function setNotificationsEnabled(enabled: boolean): Promise<boolean> {
  let granted = false;
  if (enabled && notificationsSupported()) {
    const permission =
      Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
    granted = permission === 'granted';
  }
  try {
    if (enabled && granted) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch {
    // Without storage the preference lasts only until reload.
  }
  for (const l of listeners) l();
  return granted;
}

const notificationsEnabled = () => readOptIn() && notificationsSupported() && Notification.permission === 'granted';

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export const useNotificationsEnabled = () => useSyncExternalStore(subscribe, notificationsEnabled);

export function notify(title: string, body: string, onClick?: () => void): void {
  if (!notificationsEnabled()) return;
  try {
    const n = new Notification(title, { body, tag: title + body });
    if (onClick) {
      n.onclick = () => {
        window.focus();
        onClick();
        n.close();
      };
    }
  } catch {
    // Some platforms only allow notifications from a service worker; the toast already told the user.
  }
}
