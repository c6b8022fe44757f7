import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** Formats that are already compressed; deflating them again only costs time. */
const STORED_EXTENSIONS = new Set([
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'avif',
  'pdf',
  'zip',
  'gz',
  'tgz',
  'xz',
  'bz2',
  '7z',
  'xlsx',
  'docx',
  'pptx',
  'mp3',
  'mp4',
  'mov',
  'webm',
  'woff2',
]);

const extension = (path: string): string => {
  const base = path.split('/').pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
};

/** A safe relative path inside a zip: no absolute paths, no "..", no empty segments, no control characters. */
export function safeEntryPath(name: string): string {
  const segments = name
    .replace(/\\/g, '/')
    .split('/')
    .map((s) =>
      [...s]
        .filter((ch) => ch.charCodeAt(0) >= 0x20)
        .join('')
        .trim(),
    )
    .filter((s) => s !== '' && s !== '.' && s !== '..');
  return segments.join('/') || 'file';
}

/** Entry paths for the given names, sanitized and de-duplicated case-insensitively as "name (2).ext". */
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

export interface ZipSource {
  /** Path inside the zip; sanitized and made unique here. */
  path: string;
  load: () => Promise<Uint8Array>;
}

export interface ZipOutcome {
  blob: Blob;
  /** Files written (MISSING-FILES.txt not counted). */
  files: number;
  missing: { path: string; reason: string }[];
}

/**
 * Builds a zip as the files arrive: up to `concurrency` loads run at once, each file is compressed
 * and emitted in the given order, so memory holds compressed output, not every original. A file
 * that cannot be loaded is listed, with why, in MISSING-FILES.txt (in `missingFolder`) instead of
 * failing the whole archive.
 */
export async function zipFiles(
  sources: readonly ZipSource[],
  options: {
    concurrency?: number;
    signal?: AbortSignal;
    onProgress?: (done: number, total: number) => void;
    missingFolder?: string;
  } = {},
): Promise<ZipOutcome> {
  const paths = uniqueEntryPaths(sources.map((s) => s.path));
  const parts: Uint8Array[] = [];
  let failure: Error | null = null;
  let finish: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => (finish = resolve));
  const zip = new Zip((err, data, final) => {
    if (err) failure = err;
    else parts.push(data);
    if (final || err) finish();
  });
  const add = (path: string, bytes: Uint8Array) => {
    const entry = STORED_EXTENSIONS.has(extension(path))
      ? new ZipPassThrough(path)
      : new ZipDeflate(path, { level: 6 });
    zip.add(entry);
    entry.push(bytes, true);
  };
  const missing: ZipOutcome['missing'] = [];
  const window = Math.max(1, options.concurrency ?? 3);
  const started: Promise<Uint8Array>[] = [];
  const start = (i: number) => {
    if (i < sources.length && started[i] === undefined) {
      const p = sources[i]!.load();
      // Handled when its turn comes; this only keeps an early rejection from being reported as unhandled.
      p.catch(() => undefined);
      started[i] = p;
    }
  };
  let written = 0;
  for (let i = 0; i < sources.length; i += 1) {
    options.signal?.throwIfAborted();
    for (let k = i; k < i + window; k += 1) start(k);
    try {
      add(paths[i]!, await started[i]!);
      written += 1;
    } catch (e) {
      missing.push({ path: paths[i]!, reason: e instanceof Error ? e.message : String(e) });
    }
    delete started[i];
    options.onProgress?.(i + 1, sources.length);
  }
  if (missing.length > 0) {
    const lines = missing.map((m) => `${m.path}: ${m.reason}`).join('\n');
    const folder = options.missingFolder === undefined ? '' : `${safeEntryPath(options.missingFolder)}/`;
    add(`${folder}MISSING-FILES.txt`, new TextEncoder().encode(`These files could not be downloaded:\n${lines}\n`));
  }
  zip.end();
  await ended;
  if (failure) throw failure;
  return { blob: new Blob(parts as BlobPart[], { type: 'application/zip' }), files: written, missing };
}
