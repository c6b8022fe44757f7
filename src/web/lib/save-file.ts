/** Starts a browser download of a url, as a click on a temporary <a download> would. */
export function startDownload(url: string, filename: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  // Cross-origin links ignore the download attribute; a new tab keeps the dashboard open either way.
  anchor.target = '_blank';
  anchor.rel = 'noopener noreferrer';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/** Saves bytes built in the page (the zip) under a file name. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoking at once can cancel the download in some browsers; a minute is plenty to start it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Copies text, falling back to a hidden textarea where the async Clipboard API is unavailable. */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Permission denied or an insecure context: fall through to the legacy path.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('Copying is not allowed here.');
}

/** The last path segment of a filename, for the download attribute (browsers reject slashes). */
export function downloadName(filename: string): string {
  return filename.split(/[\\/]/).filter(Boolean).pop() ?? 'download';
}

/** Saves text built in the page (a CSV) under a file name. */
export const saveText = (text: string, filename: string, type = 'text/csv;charset=utf-8'): void =>
  saveBlob(new Blob([text], { type }), filename);

/** Text safe as a file name on every system: no path or reserved characters, spaces kept. */
export const fileSafe = (text: string): string =>
  [...text]
    .map((c) => (c.charCodeAt(0) < 32 ? ' ' : c))
    .join('')
    .replace(/[\\/:*?"<>|]+/g, '_')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * A single run's zip, named so a person finds it among their downloads: the workflow's name and when
 * the run was created, local time ("Sales intro 2026-11-26 14.05.zip"); the run's short id without a name.
 */
export function runArchiveName(run: { id: string; createdAt: string }, workflowName: string | undefined): string {
  const created = new Date(run.createdAt);
  const pad = (n: number) => String(n).padStart(2, '0');
  const when = Number.isNaN(created.getTime())
    ? ''
    : ` ${created.getFullYear()}-${pad(created.getMonth() + 1)}-${pad(created.getDate())} ${pad(created.getHours())}.${pad(created.getMinutes())}`;
  const name = fileSafe(workflowName ?? '') || `Run ${run.id.slice(0, 8)}`;
  return `${name}${when}.zip`;
}
