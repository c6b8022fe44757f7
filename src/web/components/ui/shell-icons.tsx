import { icon } from './create-icon';

/** Icons the app shell and the workflow list draw on first paint, kept apart from the rest so they load alone. */
export const PlusIcon = /* @__PURE__ */ icon('PlusIcon', 'M12 5v14M5 12h14');
export const SunIcon = /* @__PURE__ */ icon(
  'SunIcon',
  <circle cx="12" cy="12" r="4" />,
  'M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M6.3 17.7l-1.4 1.4M19.1 4.9l-1.4 1.4',
);
export const MoonIcon = /* @__PURE__ */ icon('MoonIcon', 'M12 3a6 6 0 0 0 9 9 9 9 0 1 1-9-9Z');
export const MonitorIcon = /* @__PURE__ */ icon(
  'MonitorIcon',
  <rect x="2" y="3" width="20" height="14" rx="2" />,
  'M8 21h8M12 17v4',
);
export const SearchIcon = /* @__PURE__ */ icon('SearchIcon', <circle cx="11" cy="11" r="7" />, 'm21 21-4.3-4.3');
export const ArrowLeftIcon = /* @__PURE__ */ icon('ArrowLeftIcon', 'M19 12H5M12 19l-7-7 7-7');
export const RefreshIcon = /* @__PURE__ */ icon(
  'RefreshIcon',
  'M3 12a9 9 0 0 1 15-6.7L21 8',
  'M21 3v5h-5',
  'M21 12a9 9 0 0 1-15 6.7L3 16',
  'M8 16H3v5',
);
export const AlertIcon = /* @__PURE__ */ icon(
  'AlertIcon',
  'M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z',
  'M12 9v4M12 17h.01',
);
export const XCircleIcon = /* @__PURE__ */ icon('XCircleIcon', <circle cx="12" cy="12" r="9" />, 'm15 9-6 6M9 9l6 6');
export const LoaderIcon = /* @__PURE__ */ icon('LoaderIcon', 'M21 12a9 9 0 1 1-6.2-8.6');
export const ChevronRightIcon = /* @__PURE__ */ icon('ChevronRightIcon', 'm9 6 6 6-6 6');
export const KeyIcon = /* @__PURE__ */ icon(
  'KeyIcon',
  <circle cx="7.5" cy="15.5" r="5.5" />,
  'm21 2-9.6 9.6M15.5 7.5l3 3L22 7l-3-3',
);
export const WifiOffIcon = /* @__PURE__ */ icon(
  'WifiOffIcon',
  'M12 20h.01M8.5 16.4a5 5 0 0 1 7 0M2 8.8a15 15 0 0 1 4.2-2.6M10.7 5.1A15 15 0 0 1 22 8.8M5 12.9a10 10 0 0 1 5.2-2.8M19 12.9a10 10 0 0 0-2.6-1.8M2 2l20 20',
);
export const SettingsIcon = /* @__PURE__ */ icon(
  'SettingsIcon',
  'M12.2 2h-.4a2 2 0 0 0-2 2v.2a2 2 0 0 1-1 1.7l-.4.3a2 2 0 0 1-2 0l-.2-.1a2 2 0 0 0-2.7.7l-.2.4a2 2 0 0 0 .7 2.7l.2.1a2 2 0 0 1 1 1.7v.6a2 2 0 0 1-1 1.7l-.2.1a2 2 0 0 0-.7 2.7l.2.4a2 2 0 0 0 2.7.7l.2-.1a2 2 0 0 1 2 0l.4.3a2 2 0 0 1 1 1.7v.2a2 2 0 0 0 2 2h.4a2 2 0 0 0 2-2v-.2a2 2 0 0 1 1-1.7l.4-.3a2 2 0 0 1 2 0l.2.1a2 2 0 0 0 2.7-.7l.2-.4a2 2 0 0 0-.7-2.7l-.2-.1a2 2 0 0 1-1-1.7v-.6a2 2 0 0 1 1-1.7l.2-.1a2 2 0 0 0 .7-2.7l-.2-.4a2 2 0 0 0-2.7-.7l-.2.1a2 2 0 0 1-2 0l-.4-.3a2 2 0 0 1-1-1.7V4a2 2 0 0 0-2-2Z',
  <circle cx="12" cy="12" r="3" />,
);
export const WorkflowIcon = /* @__PURE__ */ icon(
  'WorkflowIcon',
  <rect x="3" y="3" width="7" height="7" rx="1.5" />,
  <rect x="14" y="14" width="7" height="7" rx="1.5" />,
  'M6.5 10v4a3 3 0 0 0 3 3H14',
);
export const SparklesIcon = /* @__PURE__ */ icon(
  'SparklesIcon',
  'M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9L12 3Z',
  'M19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8L19 15Z',
);
export const HandIcon = /* @__PURE__ */ icon(
  'HandIcon',
  'M18 11V6a2 2 0 0 0-4 0v0M14 10V4a2 2 0 0 0-4 0v2M10 10.5V6a2 2 0 0 0-4 0v8',
  'M18 8a2 2 0 1 1 4 0v6a8 8 0 0 1-8 8h-2c-2.8 0-4.5-.9-6-2.4l-3.6-3.6a2 2 0 0 1 2.8-2.8L7 15',
);
