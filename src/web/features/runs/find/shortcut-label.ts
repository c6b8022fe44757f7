const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The Find shortcut as this platform's keyboard writes it, so the header button and page hints agree. */
export const findShortcutLabel = (): string => (isMac() ? '⌘K' : 'Ctrl K');
