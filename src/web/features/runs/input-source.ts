/** Where the execution page got a run's input from; the API itself never returns it. */
export type InputSource =
  | { kind: 'run-journal' }
  | { kind: 'batch-journal'; fileName: string; /** 1-based, as a person counts rows. */ row: number }
  | { kind: 'server' };

/** A journal annotation's source: its batch row where it has one, else this browser's run journal. */
export const journalSource = (batch: { fileName: string; row: number } | undefined): InputSource =>
  batch ? { kind: 'batch-journal', fileName: batch.fileName, row: batch.row } : { kind: 'run-journal' };

/** The input panel's caption: says truthfully where the shown input comes from. */
export function inputCaption(source: InputSource): string {
  switch (source.kind) {
    case 'run-journal':
      return 'As this browser submitted it.';
    case 'batch-journal':
      return `Row ${source.row.toLocaleString('en')} of ${source.fileName}, from this browser’s batch.`;
    case 'server':
      return 'As the server recorded it.';
  }
}
