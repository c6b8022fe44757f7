/** The part of BroadcastChannel the tab-to-tab messages use, so tests can open their own. */
export type ChannelLike = Pick<BroadcastChannel, 'postMessage' | 'addEventListener' | 'close'>;

/** Opens a channel to this browser's other tabs of the dashboard; null where BroadcastChannel is missing. */
export type OpenChannel = () => ChannelLike | null;

/** The opener of the named same-origin channel. */
export const tabChannel =
  (name: string): OpenChannel =>
  () =>
    typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(name);
