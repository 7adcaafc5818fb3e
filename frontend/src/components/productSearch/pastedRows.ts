// A block copied from a spreadsheet or a CSV file and pasted into a SKU field (issue 19 "paste a block"): one row per
// line, the SKU in the first column and the quantity in the second, split by tabs (a spreadsheet's copy) or by
// commas (CSV). Shared by the quick order pad and the quick add rows of the quote draft and shopping lists.

export interface PastedRow {
  sku: string;
  /** The quantity cell as written, trimmed; '' when the line has no second column. */
  quantity: string;
}

/** Splits one CSV line by commas; a cell in double quotes may hold commas and doubled quotes (RFC 4180). */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index]!;
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        cell += char;
      }
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else {
      cell += char;
    }
  }
  cells.push(cell);
  return cells;
}

function cellsOf(line: string): string[] {
  // A spreadsheet separates its cells by tabs; its cells may hold commas (a quantity "1,000" in English).
  const cells = line.includes('\t') ? line.split('\t').map((cell) => cell.replace(/^"(.*)"$/s, '$1')) : csvCells(line);
  return cells.map((cell) => cell.trim());
}

const HAS_DIGIT = /\d/;

/**
 * A first line that names the columns rather than a product: its SKU cell has no digit (every catalog and CAS number
 * has one), or its quantity cell is text without a digit ("variant_sku,qty", "SKU<tab>Quantity").
 */
function isHeader(cells: readonly string[]): boolean {
  const [sku = '', quantity = ''] = cells;
  return !HAS_DIGIT.test(sku) || (quantity !== '' && !HAS_DIGIT.test(quantity));
}

/** Whether pasted text is a block of rows (several lines, or one line of several cells) rather than one SKU. */
export function isPastedBlock(text: string): boolean {
  const trimmed = text.replace(/[\r\n]+$/, '');
  return /[\r\n\t]/.test(trimmed) || trimmed.includes(',');
}

/**
 * The rows of a pasted block: blank lines and lines without a SKU are skipped, the first line is dropped when it is
 * a header, columns beyond the second are ignored.
 */
export function parsePastedRows(text: string): PastedRow[] {
  const lines = text
    .split(/\r\n|\n|\r/)
    .map(cellsOf)
    .filter((cells) => cells.some((cell) => cell !== ''));
  if (lines.length > 0 && isHeader(lines[0]!)) lines.shift();
  return lines.filter(([sku = '']) => sku !== '').map(([sku = '', quantity = '']) => ({ sku, quantity }));
}

/**
 * A pasted quantity as a number: '' (no quantity column) is 1; a whole number in digits is itself, even beyond
 * business §5's range (the row then says so); anything else is null.
 */
export function pastedQuantity(text: string): number | null {
  const value = text.trim();
  if (value === '') return 1;
  return /^\d{1,9}$/.test(value) ? Number(value) : null;
}
