import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';

import { I18nProvider } from '../../lib/i18n/I18nProvider';
import { PortalConfigProvider } from '../../lib/PortalConfigProvider';
import { setB2BToken } from '../../lib/session';
import { TEST_CONFIG } from '../../test/renderPortal';
import { mobileViewport } from '../../test/viewport';
import { BulkUploadDialog, type BulkUploadDialogProps } from './BulkUploadDialog';
import { BULK_MAX_FILE_BYTES, checkBulkFiles, displayedRow } from './bulkUploadRules';
import type { BulkUploadConfirmation, BulkUploadErrorRow, BulkUploadResult, BulkUploadValidProduct } from './types';

const UPLOAD_URL = 'https://api.helix.test/api/v2/products/upload';

const csv = (name = 'reagents.csv', text = 'variant_sku,qty\nHS-1001-500ML,2\n', type = 'text/csv') => new File([text], name, { type });

function sized(file: File, size: number): File {
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const valid = (sku: string, qty: number, row: number, extra: Partial<BulkUploadValidProduct> = {}): BulkUploadValidProduct => ({
  sku, qty, row, rowCount: 1, productId: row * 10, variantId: row * 100, productName: `Product ${sku}`, optionList: [], needsOptions: false,
  stockErrorCode: null, stockError: null, availableStock: null, ...extra,
});

const errorRow = (sku: string, qty: string, row: number, errorCode: string, error = 'English text'): BulkUploadErrorRow => ({ sku, qty, row, errorCode, error });

function result(overrides: Partial<BulkUploadResult> = {}): BulkUploadResult {
  const validProduct = overrides.validProduct ?? [valid('HS-1001-500ML', 2, 1), valid('HS-1055-100G', 10, 2)];
  const errorProduct = overrides.errorProduct ?? [];
  return {
    uploadId: 'k'.repeat(32), rowCount: validProduct.reduce((sum, product) => sum + product.rowCount, 0) + errorProduct.length, validCount: validProduct.length,
    validRowCount: validProduct.reduce((sum, product) => sum + product.rowCount, 0), errorRowCount: errorProduct.length,
    errorCount: errorProduct.length, errorProductCount: errorProduct.length,
    validProduct, errorProduct,
    errorFile: errorProduct.length ? `${UPLOAD_URL}/${'k'.repeat(32)}/errors.csv` : null,
    errorFileDownloadUrl: errorProduct.length ? `${UPLOAD_URL}/${'k'.repeat(32)}/errors.csv?token=signed-1` : null,
    stockErrorFile: null, stockErrorFileDownloadUrl: null, stockErrorSkus: [],
    ...overrides,
  };
}

type State = { status: string; progress?: number; result?: BulkUploadResult | null; error?: { code: string; message: string } | null; uploadId?: string | null };

/** An answer whose body is read at once (a settled promise): nothing waits on real time, fake clock or not. */
const reply = (status: number, body: unknown) => ({ ok: status >= 200 && status < 300, status, json: async () => body }) as Response;

const answer = ({ status, progress = status === 'done' ? 100 : 0, result: res = null, error = null, uploadId = 'k'.repeat(32) }: State, fileName = 'reagents.csv') =>
  reply(200, { code: 200, message: status, data: { uploadId, status, progress, fileName, channelId: 1, isToCart: false, withModifiers: false, error, result: res } });

const refusal = (status: number, code: string, message: string) => reply(status, { code: status, message, data: null, errors: [{ message, extensions: { code } }] });

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  form: FormData | null;
}

/** The server: answers POST …/upload and GET …/upload/{id} in turn from the lists given; the POST once `arrived` is. */
function mockServer(posts: (() => Response)[], gets: (() => Response)[] = [], arrived: Promise<void> = Promise.resolve()) {
  const sent: Sent[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    sent.push({ url: String(input), method, headers: { ...(init?.headers as Record<string, string>) }, form: init?.body instanceof FormData ? init.body : null });
    if (method === 'POST') await arrived;
    const next = method === 'POST' ? posts.shift() : gets.shift();
    if (!next) throw new Error(`unexpected ${method} ${String(input)}`);
    return next();
  });
  vi.stubGlobal('fetch', fetchMock);
  return { sent, fetchMock };
}

function Harness(props: Partial<BulkUploadDialogProps> & { startOpen?: boolean }) {
  const [open, setOpen] = useState(props.startOpen ?? true);
  return (
    <PortalConfigProvider config={TEST_CONFIG}>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <BulkUploadDialog open={open} onClose={() => setOpen(false)} onConfirm={props.onConfirm ?? (() => true)} {...props} />
    </PortalConfigProvider>
  );
}

const dialog = () => screen.getByRole('dialog', { name: 'Bulk upload' });
const fileInput = () => screen.getByLabelText('CSV file of SKUs and quantities', { selector: 'input' }) as HTMLInputElement;
const alertText = () => screen.getByRole('alert').textContent;

describe('bulk upload file rules (business §5, §9)', () => {
  it('takes one CSV file of at most 50 MB', () => {
    expect(BULK_MAX_FILE_BYTES).toBe(50 * 1024 * 1024);
    expect(checkBulkFiles([csv()])).toMatchObject({ kind: 'accepted' });
    expect(checkBulkFiles([csv('LIST.CSV', '', 'application/vnd.ms-excel')])).toMatchObject({ kind: 'accepted' });
    expect(checkBulkFiles([csv('list.csv', '', '')])).toMatchObject({ kind: 'accepted' });
    expect(checkBulkFiles([sized(csv(), BULK_MAX_FILE_BYTES)])).toMatchObject({ kind: 'accepted' });
    expect(checkBulkFiles([sized(csv(), BULK_MAX_FILE_BYTES + 1)])).toEqual({ kind: 'refused', problem: 'tooBig' });
    expect(checkBulkFiles([csv('list.xlsx', '', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')])).toEqual({ kind: 'refused', problem: 'wrongType' });
    expect(checkBulkFiles([csv('list.csv', '', 'application/pdf')])).toEqual({ kind: 'refused', problem: 'wrongType' });
    expect(checkBulkFiles([csv(), csv('b.csv')])).toEqual({ kind: 'refused', problem: 'tooMany' });
    expect(checkBulkFiles([])).toEqual({ kind: 'none' });
  });

  it('shows a data row as its spreadsheet line (row plus one)', () => {
    expect(displayedRow(1)).toBe(2);
  });
});

describe('BulkUploadDialog', () => {
  it('step one: the drop area, the note, the sample and the upload button; no confirm button', () => {
    mockServer([]);
    render(<Harness />);
    const box = dialog();
    expect(within(box).getByText('Drag & drop file here')).toBeInTheDocument();
    expect(within(box).getByText('File types: CSV, maximum size: 50MB.')).toBeInTheDocument();
    // issue 38: the 1,000-product cap is said before the upload, and read with the upload button.
    expect(within(box).getByText('At most 1,000 different products per upload: rows of the same product are merged.')).toBeInTheDocument();
    expect(within(box).getByRole('button', { name: 'Upload file' })).toHaveAccessibleDescription(
      'File types: CSV, maximum size: 50MB. At most 1,000 different products per upload: rows of the same product are merged.',
    );
    expect(within(box).getByRole('link', { name: 'Download sample' })).toHaveAttribute('href', 'https://api.helix.test/static/pricing/bulk-upload-sample.csv');
    expect(within(box).getByRole('button', { name: 'Upload file' })).toBeInTheDocument();
    expect(within(box).getByRole('button', { name: 'cancel' })).toBeInTheDocument();
    expect(within(box).queryByRole('button', { name: 'add to list' })).not.toBeInTheDocument();
    expect(screen.getByTestId('bulk-upload-drop-area')).toHaveStyle({ minHeight: '200px' });
  });

  it.each([
    ['a file that is not CSV', [csv('list.xlsx', 'x', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')], "Table structure is wrong. Please download sample and follow its structure."],
    ['a file above 50 MB', [sized(csv('big.csv'), BULK_MAX_FILE_BYTES + 1)], 'Maximum file size 50MB'],
    ['more than one file', [csv('a.csv'), csv('b.csv')], 'Maximum file size 50MB'],
  ])('refuses %s at once in a red filled alert, sending nothing', (_, files, message) => {
    const { fetchMock } = mockServer([]);
    render(<Harness />);
    fireEvent.drop(screen.getByTestId('bulk-upload-drop-area'), { dataTransfer: { files } });
    expect(alertText()).toBe(message);
    expect(screen.getByRole('alert')).toHaveClass('MuiAlert-filled', 'MuiAlert-colorError');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Upload file' })).toBeInTheDocument();
  });

  it('sends the file as it is with the channel and the token, then shows the Errors tab first with its rows', async () => {
    setB2BToken('token-1');
    const rows = result({
      validProduct: [valid('HS-1001-500ML', 6, 1, { rowCount: 2 }), valid('HS-1055-100G', 10, 3, { stockErrorCode: 'insufficient_stock', stockError: 'Only 8 in stock.', availableStock: 8 })],
      errorProduct: [errorRow('HS-9999', '1', 4, 'unknown_sku'), errorRow('HS-1003-1L', 'ten', 5, 'invalid_quantity')],
    });
    const { sent } = mockServer([() => answer({ status: 'done', result: rows })]);
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness currencyCode="USD" />);
    await user.upload(fileInput(), csv());

    expect(await screen.findByTestId('bulk-upload-file-name')).toHaveTextContent('reagents.csv');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe(UPLOAD_URL);
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.headers.Authorization).toBe('Bearer token-1');
    const form = sent[0]!.form!;
    const sentFile = form.get('file') as File;
    expect([sentFile.name, sentFile.type, await sentFile.text()]).toEqual(['reagents.csv', 'text/csv', 'variant_sku,qty\nHS-1001-500ML,2\n']);
    expect(Object.fromEntries([...form.entries()].filter(([key]) => key !== 'file'))).toEqual({ channelId: '1', currencyCode: 'USD', isToCart: 'false', withModifiers: 'false' });

    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Errors (2)', 'Valid (2)']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    const errors = screen.getByRole('table', { name: 'Rows with errors' });
    expect(within(errors).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['SKU', 'Qty', 'Row', 'Error']);
    expect(within(errors).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['HS-9999', '1', '5', 'This SKU is not in the catalog.'],
      ['HS-1003-1L', 'ten', '6', 'Enter a whole number from 1 to 1,000,000.'],
    ]);
    expect(screen.getByRole('link', { name: 'Download the error file' })).toHaveAttribute('href', `${UPLOAD_URL}/${'k'.repeat(32)}/errors.csv?token=signed-1`);
    expect(screen.getByRole('button', { name: 'add to list' })).toBeEnabled();

    await user.click(tabs[1]!);
    const validTable = screen.getByRole('table', { name: 'Valid products' });
    expect(within(validTable).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['SKU', 'Qty']);
    expect(within(validTable).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['HS-1001-500ML' + '2 rows merged', '6'],
      ['HS-1055-100G' + 'Only 8 in stock', '10'],
    ]);
    expect(screen.queryByRole('link', { name: 'Download the error file' })).not.toBeInTheDocument();
  });

  it('a guest sends no channel (business §6)', async () => {
    const { sent } = mockServer([() => answer({ status: 'done', result: result() })]);
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness isToCart withModifiers />);
    await user.upload(fileInput(), csv());
    await screen.findByTestId('bulk-upload-file-name');
    const form = sent[0]!.form!;
    expect(form.has('channelId')).toBe(false);
    expect(form.get('isToCart')).toBe('true');
    expect(form.get('withModifiers')).toBe('true');
    expect(sent[0]!.headers.Authorization).toBeUndefined();
  });

  it('shows only the tab that has rows, and "No product" when neither has', async () => {
    mockServer([() => answer({ status: 'done', result: result() })]);
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness />);
    await user.upload(fileInput(), csv());
    await screen.findByTestId('bulk-upload-file-name');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Valid (2)']);
    expect(screen.getByRole('tab', { name: 'Valid (2)' })).toHaveAttribute('aria-selected', 'true');
  });

  it('passes the valid lines and the stock error link on confirm, then returns to step one', async () => {
    const rows = result({
      validProduct: [valid('HS-1001-500ML', 2, 1), valid('HS-1055-100G', 50, 2, { stockErrorCode: 'out_of_stock', stockError: 'This product is out of stock.', availableStock: 0 })],
      stockErrorSkus: ['HS-1055-100G'],
      stockErrorFile: `${UPLOAD_URL}/k/stock-errors.csv`,
      stockErrorFileDownloadUrl: `${UPLOAD_URL}/k/stock-errors.csv?token=s`,
    });
    mockServer([() => answer({ status: 'done', result: rows })]);
    const received: BulkUploadConfirmation[] = [];
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness confirmLabel="Add to quote" onConfirm={async (value) => { received.push(value); return true; }} />);
    await user.upload(fileInput(), csv());
    await user.click(await screen.findByRole('button', { name: 'Add to quote' }));

    expect(received).toEqual([{ validProducts: rows.validProduct, stockErrorFileUrl: `${UPLOAD_URL}/k/stock-errors.csv?token=s`, uploadId: 'k'.repeat(32) }]);
    expect(await screen.findByRole('button', { name: 'Upload file' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Add to quote' })).not.toBeInTheDocument();
  });

  it('keeps the results when the caller could not add them, and offers no confirm without valid lines', async () => {
    mockServer([
      () => answer({ status: 'done', result: result() }),
      () => answer({ status: 'done', result: result({ validProduct: [], errorProduct: [errorRow('X', '1', 1, 'unknown_sku')] }) }),
    ]);
    const onConfirm = vi.fn(async () => false);
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness onConfirm={onConfirm} />);
    await user.upload(fileInput(), csv());
    await user.click(await screen.findByRole('button', { name: 'add to list' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('bulk-upload-file-name')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Actions for reagents.csv' }));
    await user.click(screen.getByRole('menuitem', { name: 'Remove' }));
    await user.upload(fileInput(), csv());
    await screen.findByRole('tab', { name: 'Errors (1)' });
    expect(screen.getByRole('button', { name: 'add to list' })).toBeDisabled();
  });

  it('Remove in the file menu returns to step one', async () => {
    mockServer([() => answer({ status: 'done', result: result() })]);
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness />);
    await user.upload(fileInput(), csv());
    await user.click(await screen.findByRole('button', { name: 'Actions for reagents.csv' }));
    await user.click(screen.getByRole('menuitem', { name: 'Remove' }));
    expect(screen.getByRole('button', { name: 'Upload file' })).toHaveFocus();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('pages the rows 10, 20 or 50 at a time under "Products per page:"', async () => {
    const errorProduct = Array.from({ length: 25 }, (_, index) => errorRow(`BAD-${index + 1}`, '1', index + 1, 'unknown_sku'));
    mockServer([() => answer({ status: 'done', result: result({ errorProduct }) })]);
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness />);
    await user.upload(fileInput(), csv());
    const table = await screen.findByRole('table', { name: 'Rows with errors' });
    const skus = () => within(screen.getByRole('table', { name: 'Rows with errors' })).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(screen.getByText('Products per page:')).toBeInTheDocument();
    expect(screen.getByText('1–10 of 25')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(skus()[0]).toBe('BAD-11');

    await user.click(screen.getByRole('combobox'));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['10', '20', '50']);
    await user.click(screen.getByRole('option', { name: '20' }));
    expect(skus()).toHaveLength(20);
    expect(skus()[0]).toBe('BAD-1');
  });

  it('translates the row errors by code, and shows a product’s own reason as written', async () => {
    const errorProduct = [
      errorRow('', '1', 1, 'sku_required'),
      errorRow('64-17-5', '1', 2, 'ambiguous_sku'),
      errorRow('HS-7', '1', 3, 'not_available', 'Ships only to labs in the EU.'),
      errorRow('HS-8', '1', 4, 'not_available', 'This product is not available for purchase.'),
      errorRow('HS-9', '1', 5, 'out_of_stock'),
      errorRow('HS-10', '1', 6, 'something_new', 'A reason the overlay does not know.'),
    ];
    mockServer([() => answer({ status: 'done', result: result({ errorProduct }) })]);
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness />);
    await user.upload(fileInput(), csv());
    const table = await screen.findByRole('table', { name: 'Rows with errors' });
    expect(within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[3]!.textContent)).toEqual([
      'Enter a SKU.',
      'This CAS number names several products or pack sizes: enter a catalog number.',
      'Ships only to labs in the EU.',
      'This product is not available for purchase.',
      'This product is out of stock.',
      'A reason the overlay does not know.',
    ]);
  });

  it('says how many rows were read, merged into how many products, and how many have errors (issue 36)', async () => {
    const rows = result({
      rowCount: 2000, validRowCount: 1902, validCount: 2, errorRowCount: 98, errorCount: 1, errorProductCount: 1,
      validProduct: [valid('HS-1001-500ML', 6, 1, { rowCount: 3 }), valid('HS-1055-100G', 10, 4)],
      errorProduct: [errorRow('X'.repeat(64) + '…', '1', 5, 'sku_too_long')],
    });
    mockServer([() => answer({ status: 'done', result: rows })]);
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness />);
    await user.upload(fileInput(), csv());

    expect(await screen.findByTestId('bulk-upload-summary')).toHaveTextContent('2,000 rows read: 1,902 valid rows for 2 products; 98 rows with errors');
    const errors = screen.getByRole('table', { name: 'Rows with errors' });
    expect(within(errors).getAllByRole('row')[1]).toHaveTextContent('SKU too long: a catalog number has at most 64 characters.');
    await user.click(screen.getByRole('tab', { name: 'Valid (2)' }));
    const validTable = screen.getByRole('table', { name: 'Valid products' });
    expect(within(validTable).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['HS-1001-500ML3 rows merged', 'HS-1055-100G']);
  });

  it('says it in the buyer’s language, plurals included', async () => {
    const rows = result({ rowCount: 1, validRowCount: 1, validCount: 1, errorRowCount: 0, validProduct: [valid('HS-1001-500ML', 6, 1)] });
    mockServer([() => answer({ status: 'done', result: rows })]);
    const user = userEvent.setup({ applyAccept: false });
    render(
      <I18nProvider language="de">
        <Harness />
      </I18nProvider>,
    );
    expect(await screen.findByText('Höchstens 1.000 verschiedene Produkte pro Upload: Zeilen desselben Produkts werden zusammengefasst.')).toBeInTheDocument();
    await user.upload(await screen.findByLabelText('CSV-Datei mit SKUs und Mengen', { selector: 'input' }), csv());
    await waitFor(() => expect(screen.getByTestId('bulk-upload-summary')).toHaveTextContent('1 Zeile gelesen: 1 gültige Zeile für 1 Produkt; 0 Zeilen mit Fehlern'));
  });

  it('loads every valid line of a large result before it shows it, and only the first page of its error rows (issue 36, 38)', async () => {
    const lines = Array.from({ length: 400 }, (_, index) => valid(`HS-${1000 + index}`, 1, index + 1));
    const errors = Array.from({ length: 120 }, (_, index) => errorRow(`BAD-${index}`, '1', 500 + index, 'unknown_sku'));
    const whole = result({ validProduct: lines, errorProduct: errors, errorCount: 120 });
    const page = (offset: number, first: number, rows?: 'valid') => ({
      ...whole,
      validProduct: lines.slice(offset, offset + first),
      errorProduct: rows === 'valid' ? [] : errors.slice(offset, offset + first),
    });
    const { sent } = mockServer(
      [() => answer({ status: 'done', result: page(0, 100) })],
      [() => answer({ status: 'done', result: page(100, 250, 'valid') }), () => answer({ status: 'done', result: page(350, 250, 'valid') })],
    );
    const confirmed: BulkUploadConfirmation[] = [];
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness onConfirm={(upload) => { confirmed.push(upload); return true; }} />);
    await user.upload(fileInput(), csv());

    expect(await screen.findByRole('tab', { name: 'Valid (400)' })).toBeInTheDocument();
    const key = 'k'.repeat(32);
    expect(sent.filter((call) => call.method === 'GET').map((call) => call.url)).toEqual([
      `${UPLOAD_URL}/${key}?offset=100&first=250&rows=valid`,
      `${UPLOAD_URL}/${key}?offset=350&first=250&rows=valid`,
    ]);
    expect(screen.getByText('The first 100 of 120 error rows are listed; the error file holds them all.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'add to list' }));
    expect(confirmed[0]!.validProducts.map((line) => line.sku)).toEqual(lines.map((line) => line.sku));
  });

  it.each([['BULK_WRONG_ENCODING', 'The file is not in UTF-8 or UTF-16 text. In your spreadsheet, save it as "CSV UTF-8" and upload it again.']])('says what to do with a file in another encoding (%s)', async (code, message) => {
    mockServer([() => refusal(400, code, 'English text')]);
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness />);
    await user.upload(fileInput(), csv());
    await waitFor(() => expect(alertText()).toBe(message));
  });

  it('says when only the first error rows are listed', async () => {
    mockServer([() => answer({ status: 'done', result: result({ errorProduct: [errorRow('X', '1', 1, 'unknown_sku')], errorCount: 1500 }) })]);
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness />);
    await user.upload(fileInput(), csv());
    expect(await screen.findByRole('tab', { name: 'Errors (1,500)' })).toBeInTheDocument();
    expect(screen.getByText('The first 1 of 1,500 error rows are listed; the error file holds them all.')).toBeInTheDocument();
  });

  it.each([
    ['a file whose rows do not fit the header', () => refusal(400, 'BULK_TEMPLATE_MISMATCH', 'Please use the template file provided.'), 'Please use the template file provided.'],
    ['a spreadsheet renamed .csv', () => refusal(400, 'BULK_WRONG_FILE_TYPE', 'x'), "Table structure is wrong. Please download sample and follow its structure."],
    ['a body too large for a proxy', () => ({ ok: false, status: 413, json: () => Promise.reject(new SyntaxError('not JSON')) }) as Response, 'Maximum file size 50MB'],
    ['too many uploads', () => refusal(429, 'TOO_MANY_REQUESTS', 'Too many requests.'), 'Too many uploads in the last hour: please try again later.'],
    ['another refusal', () => refusal(403, 'PERMISSION_DENIED', 'You cannot add products to the cart.'), 'You cannot add products to the cart.'],
  ])('returns to step one with a red alert on %s', async (_, reply, message) => {
    mockServer([reply]);
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness />);
    await user.upload(fileInput(), csv());
    await waitFor(() => expect(alertText()).toBe(message));
    expect(screen.getByRole('alert')).toHaveClass('MuiAlert-filled', 'MuiAlert-colorError');
    expect(screen.getByRole('button', { name: 'Upload file' })).toHaveFocus();
  });

  it('says so when no answer arrives', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness />);
    await user.upload(fileInput(), csv());
    await waitFor(() => expect(alertText()).toBe('The file could not be sent: check your connection and try again.'));
  });

  it('stays on step one for a file without data rows (business §4), and says nothing was added', async () => {
    mockServer([() => answer({ status: 'empty', uploadId: null, progress: 100 })]);
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness />);
    await user.upload(fileInput(), csv('header.csv', 'variant_sku,qty\n'));
    expect(await screen.findByRole('status')).toHaveTextContent('The file has no product rows below its header: nothing was added.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload file' })).toBeInTheDocument();
  });

  it('starts afresh, with no message, when closed and opened again', async () => {
    mockServer([() => answer({ status: 'done', result: result() })]);
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness />);
    fireEvent.drop(screen.getByTestId('bulk-upload-drop-area'), { dataTransfer: { files: [csv('a.txt', 'x', 'text/plain')] } });
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('button', { name: 'Upload file' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.upload(fileInput(), csv());
    await screen.findByTestId('bulk-upload-file-name');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('button', { name: 'Upload file' })).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('fills the screen on a phone', () => {
    mobileViewport();
    mockServer([]);
    render(<Harness />);
    expect(dialog().closest('.MuiDialog-paper')).toHaveClass('MuiDialog-paperFullScreen');
  });

  // A clock that moves only when the test says so: the percentages are exact whatever the machine's speed. The file
  // is chosen with a change event and the answers are settled promises, so that nothing waits on real time.
  describe('progress (business §9, fake timers)', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    const percent = () => screen.getByTestId('bulk-upload-percent').textContent;
    const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });
    const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

    it('ticks one percent every 100 ms, holds at 95 while a job runs, polls it every 1.5 s, and jumps to the result', async () => {
      let releasePost: () => void = () => undefined;
      const posted = new Promise<void>((resolve) => {
        releasePost = resolve;
      });
      const { sent } = mockServer(
        [() => answer({ status: 'pending' })],
        [
          () => answer({ status: 'running', progress: 40 }),
          () => answer({ status: 'running', progress: 99 }),
          () => answer({ status: 'running', progress: 99 }),
          () => answer({ status: 'done', result: result() }),
        ],
        posted,
      );
      render(<Harness />);
      choose(csv('large.csv'));

      expect(screen.getByText('Uploading file...')).toBeInTheDocument();
      expect(screen.getByRole('progressbar', { name: 'Uploading file...' })).toBeInTheDocument();
      expect(percent()).toBe('0%');
      await advance(100);
      expect(percent()).toBe('1%');
      await advance(900);
      expect(percent()).toBe('10%');
      expect(screen.queryByRole('button', { name: 'add to list' })).not.toBeInTheDocument();

      // The file has arrived: a job validates it, and the dialog asks for its state every 1.5 s.
      await act(async () => releasePost());
      await advance(1499);
      expect(sent.filter((call) => call.method === 'GET')).toHaveLength(0);
      expect(percent()).toBe('24%');
      await advance(1);
      expect(sent.filter((call) => call.method === 'GET').map((call) => call.url)).toEqual([`${UPLOAD_URL}/${'k'.repeat(32)}`]);
      // The job is at 40 % while the tick is at 25: the circle follows the job.
      expect(percent()).toBe('40%');
      await advance(1500);
      expect(percent()).toBe('95%');
      await advance(1500);
      expect(percent()).toBe('95%');
      expect(screen.getByText('Uploading file...')).toBeInTheDocument();
      await advance(1500);
      expect(screen.getByTestId('bulk-upload-file-name')).toHaveTextContent('reagents.csv');
      expect(sent.filter((call) => call.method === 'GET')).toHaveLength(4);
    });

    it('holds at 95 until the answer comes', async () => {
      let releasePost: () => void = () => undefined;
      const posted = new Promise<void>((resolve) => {
        releasePost = resolve;
      });
      mockServer([() => answer({ status: 'done', result: result() })], [], posted);
      render(<Harness />);
      choose(csv());
      await advance(9400);
      expect(percent()).toBe('94%');
      await advance(100);
      expect(percent()).toBe('95%');
      await advance(20_000);
      expect(percent()).toBe('95%');
      await act(async () => releasePost());
      expect(screen.getByTestId('bulk-upload-file-name')).toBeInTheDocument();
    });

    it('returns to step one with the red alert when the job fails', async () => {
      mockServer(
        [() => answer({ status: 'pending' })],
        [() => answer({ status: 'failed', error: { code: 'BULK_TEMPLATE_MISMATCH', message: 'Please use the template file provided.' } })],
      );
      render(<Harness />);
      choose(csv('large.csv'));
      await advance(1400);
      expect(percent()).toBe('14%');
      await advance(100);
      expect(alertText()).toBe('Please use the template file provided.');
      expect(screen.getByRole('alert')).toHaveClass('MuiAlert-filled', 'MuiAlert-colorError');
      expect(screen.getByRole('button', { name: 'Upload file' })).toBeInTheDocument();
    });

    it('stops following the upload when the dialog closes', async () => {
      const { sent } = mockServer([() => answer({ status: 'pending' })], [() => answer({ status: 'running', progress: 10 })]);
      render(<Harness />);
      choose(csv('large.csv'));
      await advance(100);
      fireEvent.click(screen.getByRole('button', { name: 'cancel' }));
      await advance(10_000);
      expect(sent.filter((call) => call.method === 'GET')).toHaveLength(0);
    });

    it('fetches fresh links before opening an error file older than their life', async () => {
      const rows = result({ errorProduct: [errorRow('X', '1', 1, 'unknown_sku')] });
      const fresh = { ...rows, errorFileDownloadUrl: `${UPLOAD_URL}/${'k'.repeat(32)}/errors.csv?token=signed-2` };
      const { sent } = mockServer([() => answer({ status: 'done', result: rows })], [() => answer({ status: 'done', result: fresh }), () => answer({ status: 'done', result: fresh })]);
      const clicked: string[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicked.push(this.href);
      });
      render(<Harness />);
      choose(csv());
      await advance(0);
      const link = () => screen.getByRole('link', { name: 'Download the error file' });
      // A fresh link is simply followed.
      expect(fireEvent.click(link())).toBe(true);
      await advance(4 * 60_000);
      expect(fireEvent.click(link())).toBe(false);
      await advance(0);
      expect(clicked).toEqual([fresh.errorFileDownloadUrl]);
      expect(sent.filter((call) => call.method === 'GET')).toHaveLength(1);
      expect(link()).toHaveAttribute('href', fresh.errorFileDownloadUrl);
    });
  });
});
