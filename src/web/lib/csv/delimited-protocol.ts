import type { DelimitedProblem, SplitOptions } from './split-delimited';

/** What the page asks the delimited-text worker: a file's bytes (decoded there) or text already in memory. */
export interface WorkerRequest {
  source: Blob | string;
  options: SplitOptions;
  /** Whether to report progress while splitting. */
  progress: boolean;
}

/** Messages from the delimited-text worker to the page. */
export type WorkerReply =
  | { type: 'progress'; fraction: number }
  | { type: 'start'; delimiter: string; problems: DelimitedProblem[]; total: number }
  | { type: 'rows'; rows: string[][] }
  | { type: 'done' }
  | { type: 'error'; error: string };
