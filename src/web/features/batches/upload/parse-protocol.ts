/** Messages from the CSV parse worker to the page. */
export type WorkerReply =
  | { type: 'progress'; fraction: number }
  | { type: 'start'; columns: string[]; delimiter: string; total: number }
  | { type: 'rows'; rows: string[][] }
  | { type: 'done' }
  | { type: 'error'; error: string };
