import { zip, type AsyncZippable } from 'fflate';
import type { ResultFile } from '../../../contract/openapi-document';
import { fileExtension } from './pick-preview';

export type ZipEntry = { filename: string; data: Uint8Array };

/** Formats that are already compressed; deflating them again only costs time. */
const STORED_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'avif', 'pdf', 'zip', 'gz', 'tgz', 'xz', 'bz2', '7z', 'xlsx', 'docx', 'pptx', 'mp3', 'mp4', 'mov', 'webm', 'woff2']);

/** A safe relative path inside the zip: no absolute paths, no "..", no empty segments. */
export function safeEntryPath(name: string): string {
  const segments = name
    .replace(/\\/g, '/')
    .split('/')
    .map((s) => [...s].filter((ch) => ch.charCodeAt(0) >= 0x20).join('').trim())
    .filter((s) => s !== '' && s !== '.' && s !== '..');
  return segments.join('/') || 'file';
}

/** Entry paths for the given names, sanitised and de-duplicated as "name (2).ext". */
export function uniqueEntryPaths(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    const path = safeEntryPath(name);
    let candidate = path;
    const dot = path.lastIndexOf('.');
    const slash = path.lastIndexOf('/');
    const [stem, ext] = dot > slash + 1 ? [path.slice(0, dot), path.slice(dot)] : [path, ''];
    for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
    used.add(candidate.toLowerCase());
    return candidate;
  });
}

/** Builds a zip (off the main thread where fflate can) holding every entry inside one folder. */
export function buildZip(folder: string, entries: readonly ZipEntry[]): Promise<Uint8Array<ArrayBuffer>> {
  const paths = uniqueEntryPaths(entries.map((e) => e.filename));
  const tree: AsyncZippable = {};
  entries.forEach((entry, i) => {
    const level = STORED_EXTENSIONS.has(fileExtension(entry.filename)) ? 0 : 6;
    tree[`${safeEntryPath(folder)}/${paths[i]}`] = [entry.data, { level }];
  });
  return new Promise((resolve, reject) => {
    zip(tree, { consume: false }, (error, data) => (error ? reject(error) : resolve(data)));
  });
}

export type ZipProgress = { done: number; total: number };
export type ZipOutcome = { zip: Uint8Array<ArrayBuffer>; missing: { filename: string; reason: string }[] };

/**
 * Gathers every result (inline content as UTF-8, the rest fetched from fresh links, three at a
 * time) and zips them; files that cannot be fetched are listed in MISSING-FILES.txt rather than
 * failing the whole archive.
 */
export async function zipResults(
  folder: string,
  files: readonly ResultFile[],
  load: (file: ResultFile) => Promise<Uint8Array>,
  onProgress: (progress: ZipProgress) => void = () => {},
): Promise<ZipOutcome> {
  const entries: (ZipEntry | null)[] = files.map(() => null);
  const missing: ZipOutcome['missing'] = [];
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < files.length) {
      const index = next++;
      const file = files[index]!;
      try {
        const data = file.content !== undefined ? new TextEncoder().encode(file.content) : await load(file);
        entries[index] = { filename: file.filename, data };
      } catch (error) {
        missing.push({ filename: file.filename, reason: error instanceof Error ? error.message : String(error) });
      }
      done += 1;
      onProgress({ done, total: files.length });
    }
  };
  await Promise.all(Array.from({ length: Math.min(3, files.length) }, worker));
  const present = entries.filter((e): e is ZipEntry => e !== null);
  if (missing.length > 0) {
    const lines = missing.map((m) => `${m.filename}: ${m.reason}`).join('\n');
    present.push({ filename: 'MISSING-FILES.txt', data: new TextEncoder().encode(`These results could not be downloaded:\n${lines}\n`) });
  }
  return { zip: await buildZip(folder, present), missing };
}
