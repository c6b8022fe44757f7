import { vi } from 'vitest';

/**
 * Gives every element a size, as a browser's layout would: happy-dom lays nothing out, so a
 * virtualized list (which shows the rows that fit its box) would show none. Restored by
 * `vi.restoreAllMocks()`.
 */
export function layOutEveryElement({ width = 1280, height = 448 }: { width?: number; height?: number } = {}): void {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, width, height));
  for (const [property, size] of [
    ['clientWidth', width],
    ['clientHeight', height],
    ['offsetWidth', width],
    ['offsetHeight', height],
  ] as const)
    vi.spyOn(HTMLElement.prototype, property, 'get').mockReturnValue(size);
}
