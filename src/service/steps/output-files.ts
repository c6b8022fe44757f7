import { fileExtension } from '../../contract/media-types';
import { contentTypeFor } from '../files/content-types';
import type { OutputFile } from './step-io';

export function textFile(filename: string, text: string): OutputFile {
  return { filename, contentType: contentTypeFor(filename), data: new TextEncoder().encode(text) };
}

export function binaryFile(filename: string, data: Uint8Array): OutputFile {
  return { filename, contentType: contentTypeFor(filename), data };
}

export function fileText(file: OutputFile): string {
  return new TextDecoder('utf-8').decode(file.data);
}

const isMarkdown = (file: OutputFile) => fileExtension(file.filename) === 'md';

/** The markdown a rendering step works from: the previous step's, else the latest one written. */
export function latestMarkdown(previous: OutputFile[], files: OutputFile[]): OutputFile | null {
  return previous.filter(isMarkdown).at(-1) ?? files.filter(isMarkdown).at(-1) ?? null;
}

/** A file's name without its extension, as a template key: `summary.md` → `summary`. */
function findingKey(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return (dot > 0 ? filename.slice(0, dot) : filename).replace(/[^\p{L}\p{N}_-]+/gu, '_');
}

/** Markdown without its top heading, so it can sit under another document's heading. */
function markdownBody(markdown: string): string {
  return markdown.replace(/^\s*# [^\n]*\n+/, '').trim();
}

/**
 * What earlier files say, keyed by name without extension: JSON parsed, markdown and text as text
 * (markdown without its top heading). Other types (CSV, HTML, PDF) are left out.
 */
export function readFindings(files: OutputFile[], only?: string[]): Record<string, unknown> {
  const findings: Record<string, unknown> = {};
  for (const file of files) {
    if (only && !only.includes(file.filename)) continue;
    const extension = fileExtension(file.filename);
    const key = findingKey(file.filename);
    if (extension === 'json') {
      try {
        findings[key] = JSON.parse(fileText(file)) as unknown;
      } catch {
        findings[key] = fileText(file);
      }
    } else if (extension === 'md') findings[key] = markdownBody(fileText(file));
    else if (extension === 'txt') findings[key] = fileText(file).trim();
  }
  return findings;
}

/** Recursively sorts object keys so the same data always serializes to the same bytes. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(record)
        .sort()
        .map((key) => [key, sortKeys(record[key])]),
    );
  }
  return value;
}
