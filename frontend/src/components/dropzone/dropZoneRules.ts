// business §5 file drop: at most 3 files of at most 3,000,000 bytes each by default; accepted types pdf, word,
// excel, csv and any image (shell §5). With a limit of 1 or less a new file replaces the old one.

export const DEFAULT_MAX_FILES = 3;
export const DEFAULT_MAX_FILE_BYTES = 3_000_000;

export const ACCEPTED_EXTENSIONS = ['.pdf', '.doc', '.docx', '.xls', '.xlsx', '.csv', '.png', '.jpg', '.jpeg', '.gif', '.webp', '.bmp', '.tif', '.tiff'] as const;

const ACCEPTED_MIME_TYPES: ReadonlySet<string> = new Set([
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/csv',
]);

/** The `accept` attribute of the file input. */
export const ACCEPT_ATTRIBUTE = [...ACCEPTED_EXTENSIONS, ...ACCEPTED_MIME_TYPES, 'image/*'].join(',');

export interface DropLimits {
  maxFiles: number;
  maxFileBytes: number;
}

export const DEFAULT_LIMITS: DropLimits = { maxFiles: DEFAULT_MAX_FILES, maxFileBytes: DEFAULT_MAX_FILE_BYTES };

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
}

/** Whether a file looks like an accepted type, by MIME type or by extension (the server checks the content). */
export function isAcceptedType(file: Pick<File, 'name' | 'type'>): boolean {
  const type = file.type.toLowerCase();
  if (type.startsWith('image/') || ACCEPTED_MIME_TYPES.has(type)) return true;
  return (ACCEPTED_EXTENSIONS as readonly string[]).includes(extensionOf(file.name));
}

/** 3,000,000 → "3 MB" (decimal units, as the limit is given; the server words it the same way). */
export function sizeLabel(bytes: number): string {
  const trim = (value: number) => String(Number(value.toFixed(2)));
  if (bytes >= 1_000_000) return `${trim(bytes / 1_000_000)} MB`;
  if (bytes >= 1_000) return `${trim(bytes / 1_000)} kB`;
  return `${bytes} bytes`;
}

export interface FileRejection {
  file: File;
  wrongType: boolean;
  tooBig: boolean;
}

export type DropOutcome =
  /** Too many files: nothing of the drop is taken (business §5 "Maximum allowed number of files exceeded"). */
  | { kind: 'tooMany'; maxFiles: number }
  | {
      kind: 'checked';
      accepted: File[];
      rejected: FileRejection[];
      /** How many of the files already there the accepted ones replace (a limit of 1 or less). */
      replaces: number;
    };

/** What a drop of `files` onto a zone already holding `current` files does. */
export function checkDrop(files: readonly File[], current: number, limits: DropLimits = DEFAULT_LIMITS): DropOutcome {
  const rejected: FileRejection[] = [];
  const accepted: File[] = [];
  for (const file of files) {
    const wrongType = !isAcceptedType(file);
    const tooBig = file.size > limits.maxFileBytes;
    if (wrongType || tooBig) rejected.push({ file, wrongType, tooBig });
    else accepted.push(file);
  }
  if (limits.maxFiles <= 1) {
    if (accepted.length > 1) return { kind: 'tooMany', maxFiles: Math.max(limits.maxFiles, 1) };
    return { kind: 'checked', accepted, rejected, replaces: accepted.length > 0 ? current : 0 };
  }
  if (current + accepted.length > limits.maxFiles) return { kind: 'tooMany', maxFiles: limits.maxFiles };
  return { kind: 'checked', accepted, rejected, replaces: 0 };
}
