import Papa from 'papaparse';
import { parseWithPapa, type DelimitedKind } from './csv-parse-core';

/** Parses big delimited text off the main thread so the page stays responsive. */
self.onmessage = (event: MessageEvent<{ text: string; kind: DelimitedKind }>) => {
  try {
    self.postMessage({ ok: true, table: parseWithPapa(Papa, event.data.text, event.data.kind) });
  } catch (error) {
    self.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
};
