import { vi } from 'vitest';

/** A file the page handed to the browser to save. */
export interface Download {
  name: string;
  blob: Blob;
}

/**
 * Records the files the page saves (a Blob behind an object URL, clicked as an `<a download>`)
 * instead of letting the browser start a download. Restored by `vi.restoreAllMocks()`.
 */
export function captureDownloads(): Download[] {
  const blobs = new Map<string, Blob>();
  const saved: Download[] = [];
  let next = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${(next += 1)}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) saved.push({ name: this.download, blob });
  });
  return saved;
}
