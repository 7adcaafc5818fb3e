import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';

import { getToasts } from '../toast/toastStore';
import { FileDropZone, SNACKBAR_MS, type DroppedFile } from './FileDropZone';
import { checkDrop, isAcceptedType, sizeLabel } from './dropZoneRules';

const file = (name: string, size: number, type: string) => new File([new Uint8Array(size)], name, { type });
const pdf = (name = 'a.pdf', size = 10) => file(name, size, 'application/pdf');

describe('drop rules (business §5)', () => {
  it('accepts pdf, word, excel, csv and any image, by type or by name', () => {
    expect(isAcceptedType(pdf())).toBe(true);
    expect(isAcceptedType(file('a.docx', 1, ''))).toBe(true);
    expect(isAcceptedType(file('a.xls', 1, 'application/vnd.ms-excel'))).toBe(true);
    expect(isAcceptedType(file('a.csv', 1, 'text/csv'))).toBe(true);
    expect(isAcceptedType(file('scan.heic', 1, 'image/heic'))).toBe(true);
    expect(isAcceptedType(file('run.exe', 1, 'application/x-msdownload'))).toBe(false);
    expect(isAcceptedType(file('notes.txt', 1, 'text/plain'))).toBe(false);
  });

  it('rejects files above 3,000,000 bytes and keeps the others', () => {
    const outcome = checkDrop([pdf('big.pdf', 3_000_001), pdf('ok.pdf', 3_000_000), file('x.exe', 5, '')], 0);
    expect(outcome).toMatchObject({ kind: 'checked', replaces: 0 });
    if (outcome.kind !== 'checked') throw new Error('checked expected');
    expect(outcome.accepted.map((f) => f.name)).toEqual(['ok.pdf']);
    expect(outcome.rejected.map(({ file: f, wrongType, tooBig }) => [f.name, wrongType, tooBig])).toEqual([
      ['big.pdf', false, true],
      ['x.exe', true, false],
    ]);
  });

  it('refuses a drop that would exceed 3 files', () => {
    expect(checkDrop([pdf(), pdf()], 2)).toEqual({ kind: 'tooMany', maxFiles: 3 });
    expect(checkDrop([pdf()], 2)).toMatchObject({ kind: 'checked' });
  });

  it('with a limit of 1, a new file replaces the old one', () => {
    expect(checkDrop([pdf()], 1, { maxFiles: 1, maxFileBytes: 100 })).toMatchObject({ kind: 'checked', replaces: 1 });
  });

  it('words sizes in decimal units', () => {
    expect(sizeLabel(3_000_000)).toBe('3 MB');
    expect(sizeLabel(1_500)).toBe('1.5 kB');
    expect(sizeLabel(12)).toBe('12 bytes');
  });
});

function Harness({ upload }: { upload(file: File): Promise<DroppedFile> }) {
  const [files, setFiles] = useState<DroppedFile[]>([]);
  return <FileDropZone label="Attachments" value={files} onChange={setFiles} upload={upload} />;
}

describe('FileDropZone', () => {
  const input = () => screen.getByLabelText('Attachments', { selector: 'input' }) as HTMLInputElement;
  const toastTexts = () => getToasts().map((toast) => `${toast.type}: ${toast.message}`);

  it('uploads accepted files, says so for 6 s, lists them and removes them', async () => {
    const user = userEvent.setup({ delay: null, applyAccept: false });
    let id = 0;
    const upload = vi.fn(async (f: File) => ({ id: String(++id), name: f.name, size: f.size }));
    render(<Harness upload={upload} />);

    await user.upload(input(), [pdf('coa.pdf', 1200)]);
    expect(await screen.findByText('coa.pdf')).toBeInTheDocument();
    expect(toastTexts()).toEqual(['success: File coa.pdf successfully added.']);
    expect(SNACKBAR_MS).toBe(6000);

    await user.click(screen.getByRole('button', { name: 'Remove coa.pdf' }));
    expect(screen.queryByText('coa.pdf')).not.toBeInTheDocument();
    expect(toastTexts()).toContain('info: File coa.pdf removed.');
  });

  it('says why a file was rejected and refuses a fourth file', async () => {
    const user = userEvent.setup({ delay: null, applyAccept: false });
    let id = 0;
    const upload = vi.fn(async (f: File) => ({ id: String(++id), name: f.name, size: f.size }));
    render(<Harness upload={upload} />);

    await user.upload(input(), [file('run.exe', 10, 'application/x-msdownload'), pdf('huge.pdf', 3_000_001)]);
    expect(toastTexts()).toEqual([
      'error: File run.exe was rejected. File type not supported.',
      'error: File huge.pdf was rejected. File is too big. Size limit is 3 MB.',
    ]);
    expect(upload).not.toHaveBeenCalled();

    await user.upload(input(), [pdf('1.pdf'), pdf('2.pdf'), pdf('3.pdf')]);
    await screen.findByText('3.pdf');
    await user.upload(input(), [pdf('4.pdf')]);
    expect(toastTexts()).toContain('error: Maximum allowed number of files exceeded. Only 3 allowed');
    expect(upload).toHaveBeenCalledTimes(3);
  });

  it('shows the server’s refusal', async () => {
    const user = userEvent.setup({ delay: null, applyAccept: false });
    const upload = vi.fn(async () => {
      throw new Error('The file content does not match an accepted type.');
    });
    render(<Harness upload={upload} />);
    await user.upload(input(), [pdf('fake.pdf')]);
    await waitFor(() => expect(toastTexts()).toEqual(['error: The file content does not match an accepted type.']));
    expect(screen.queryByText('fake.pdf')).not.toBeInTheDocument();
  });
});
