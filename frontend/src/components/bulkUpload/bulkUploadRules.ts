// business §5 bulk CSV, §9: one CSV file (text/csv) of at most 50 MB (50 × 1024 × 1024 bytes). The overlay checks
// the name, the type and the size for an instant answer; the server checks them again, and the content.

export const BULK_MAX_FILE_BYTES = 50 * 1024 * 1024;

/** business §9: the results are paged 10, 20 or 50 at a time; the first is the default. */
export const BULK_PAGE_SIZES = [10, 20, 50] as const;

/** business §9 progress: one percent every 100 ms, held at 95 until the result arrives. */
export const PROGRESS_TICK_MS = 100;
export const PROGRESS_HOLD = 95;

/** How often the dialog asks for the state of an upload a job validates (docs/api.md: every second or two). */
export const POLL_INTERVAL_MS = 1500;

/** The result files' signed links live 5 minutes: older ones are fetched again before a file is opened. */
export const LINK_REFRESH_AFTER_MS = 4 * 60_000;

// What browsers and the server call a CSV file: Windows names it application/vnd.ms-excel, some systems text/plain
// or nothing at all (docs/api.md lists the types the server takes).
const CSV_TYPES: ReadonlySet<string> = new Set(['text/csv', 'application/csv', 'text/x-csv', 'application/vnd.ms-excel', 'text/plain', '']);

export const CSV_ACCEPT = '.csv,text/csv';

export type BulkFileProblem = 'tooMany' | 'wrongType' | 'tooBig';

export type BulkFileCheck = { kind: 'accepted'; file: File } | { kind: 'refused'; problem: BulkFileProblem } | { kind: 'none' };

export function isCsvFile(file: Pick<File, 'name' | 'type'>): boolean {
  return file.name.toLowerCase().endsWith('.csv') && CSV_TYPES.has(file.type.toLowerCase().split(';')[0]!.trim());
}

/** What a drop or a choice of `files` gives: the one CSV file to send, or the business §5 problem. */
export function checkBulkFiles(files: readonly File[]): BulkFileCheck {
  if (files.length === 0) return { kind: 'none' };
  if (files.length > 1) return { kind: 'refused', problem: 'tooMany' };
  const file = files[0]!;
  if (!isCsvFile(file)) return { kind: 'refused', problem: 'wrongType' };
  if (file.size > BULK_MAX_FILE_BYTES) return { kind: 'refused', problem: 'tooBig' };
  return { kind: 'accepted', file };
}

/** The spreadsheet line of a data row: the server counts data rows from 1, the header is line 1 (business §2). */
export function displayedRow(row: number): number {
  return row + 1;
}
