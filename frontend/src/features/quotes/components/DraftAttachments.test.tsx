import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';

import { getToasts } from '../../../components/toast/toastStore';
import { MediaUploadError } from '../../../lib/mediaUpload';
import type { QuoteFile } from '../api/draftFields';
import { DraftAttachments } from './DraftAttachments';

const quoteFile = (id: number, fileName: string, fileSize = 48_211): QuoteFile => ({
  id, fileName, fileSize, contentType: 'application/pdf', fromSupplier: false, createdAt: '2025-05-02T10:00:00+00:00',
  downloadUrl: `https://api.helix.test/api/v2/quotes/attachments/${id}?token=old`,
});

const pdf = (name: string, size = 1200) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });

const toastTexts = () => getToasts().map((item) => `${item.type}: ${item.message}`);
const input = () => screen.getByLabelText('Add files to your quote', { selector: 'input' });

interface HarnessProps {
  initial?: QuoteFile[];
  upload?(file: File): Promise<QuoteFile>;
  onRemove?(file: QuoteFile): void;
  refresh?(): Promise<readonly QuoteFile[] | null>;
  fetchedAt?: number;
}

/** The page's part: the draft's files, which a stored file joins. */
function Harness({ initial = [], upload, onRemove, refresh = async () => null, fetchedAt = Date.now() }: HarnessProps) {
  const [files, setFiles] = useState(initial);
  const nextId = useRef(10);
  return (
    <DraftAttachments
      files={files}
      fetchedAt={fetchedAt}
      upload={async (file) => {
        const stored = upload ? await upload(file) : quoteFile(nextId.current++, file.name, file.size);
        setFiles((current) => [...current, stored]);
        return stored;
      }}
      onRemove={(file) => {
        onRemove?.(file);
        setFiles((current) => current.filter((item) => item.id !== file.id));
      }}
      refresh={refresh}
    />
  );
}

describe('DraftAttachments (business §5 drop zone on the quote draft)', () => {
  it('lists the draft’s files with size, download link and removal, and explains the limits', () => {
    render(<Harness initial={[quoteFile(3, 'protocol.pdf', 48_211), quoteFile(4, 'spec sheet.xlsx', 2_500_000)]} />);

    const region = screen.getByRole('region', { name: 'Attachments' });
    expect(within(region).getByText('Up to 3 files, 3 MB each: PDF, Word, Excel, CSV or images.')).toBeInTheDocument();
    const list = within(region).getByRole('list', { name: 'Attached files' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['protocol.pdf48.21 kBRemove', 'spec sheet.xlsx2.5 MBRemove']);
    expect(within(list).getByRole('link', { name: 'Download protocol.pdf' })).toHaveAttribute(
      'href',
      'https://api.helix.test/api/v2/quotes/attachments/3?token=old',
    );
    expect(within(list).getByRole('button', { name: 'Remove file spec sheet.xlsx' })).toBeEnabled();
    expect(within(region).getByRole('button', { name: 'Choose files' })).toBeEnabled();
  });

  it('says when no file is attached', () => {
    render(<Harness />);
    expect(screen.getByText('No files attached yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Attached files' })).not.toBeInTheDocument();
  });

  it('uploads a chosen file with a progress row, then lists it', async () => {
    const user = userEvent.setup({ delay: null, applyAccept: false });
    let finish: (file: QuoteFile) => void = () => undefined;
    const upload = vi.fn((file: File) => new Promise<QuoteFile>((resolve) => (finish = () => resolve(quoteFile(7, file.name, file.size)))));
    render(<Harness upload={upload} />);

    await user.upload(input(), pdf('coa.pdf', 1500));
    expect(upload).toHaveBeenCalledTimes(1);
    expect(upload.mock.calls[0]![0].name).toBe('coa.pdf');
    expect(screen.getByText('Uploading coa.pdf…')).toBeInTheDocument();

    finish(quoteFile(7, 'coa.pdf'));
    expect(await screen.findByRole('link', { name: 'Download coa.pdf' })).toBeInTheDocument();
    expect(screen.queryByText('Uploading coa.pdf…')).not.toBeInTheDocument();
    expect(toastTexts()).toEqual(['success: File coa.pdf successfully added.']);
  });

  it('shows why the server rejected a file, in a toast and under the zone', async () => {
    const user = userEvent.setup({ delay: null, applyAccept: false });
    const upload = vi.fn(async (): Promise<QuoteFile> => {
      throw new MediaUploadError('File scan.pdf was rejected. File type not supported. File is too big. Size limit is 3 MB.', 'QUOTE_FILE_REJECTED', 400);
    });
    render(<Harness upload={upload} />);

    await user.upload(input(), pdf('scan.pdf'));
    const text = 'File scan.pdf was rejected. File type not supported. File is too big. Size limit is 3 MB.';
    await waitFor(() => expect(toastTexts()).toEqual([`error: ${text}`]));
    expect(within(screen.getByRole('region', { name: 'Attachments' })).getByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download scan.pdf' })).not.toBeInTheDocument();
  });

  it('shows the server’s own message for other refusals', async () => {
    const user = userEvent.setup({ delay: null, applyAccept: false });
    const upload = vi.fn(async (): Promise<QuoteFile> => {
      throw new MediaUploadError('Quotes are not available for this account.', 'QUOTES_DISABLED', 403);
    });
    render(<Harness upload={upload} />);

    await user.upload(input(), pdf('a.pdf'));
    await waitFor(() => expect(toastTexts()).toEqual(['error: Quotes are not available for this account.']));
  });

  it('refuses files beyond 3 with the business §8 text, counting the draft’s files', async () => {
    const user = userEvent.setup({ delay: null, applyAccept: false });
    const upload = vi.fn(async (file: File) => quoteFile(9, file.name));
    render(<Harness initial={[quoteFile(3, 'a.pdf'), quoteFile(4, 'b.pdf')]} upload={upload} />);

    await user.upload(input(), [pdf('c.pdf'), pdf('d.pdf')]);
    expect(await screen.findByRole('link', { name: 'Download c.pdf' })).toBeInTheDocument();
    expect(upload).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('link', { name: 'Download d.pdf' })).not.toBeInTheDocument();
    expect(toastTexts()).toContain('error: Maximum allowed number of files exceeded. Only 3 allowed');
    expect(screen.getByText('Your quote has the maximum of 3 files. Remove one to attach another.')).toBeInTheDocument();

    await user.upload(input(), pdf('e.pdf'));
    expect(upload).toHaveBeenCalledTimes(1);
  });

  it('makes room for another file when one is removed', async () => {
    const user = userEvent.setup({ delay: null, applyAccept: false });
    render(<Harness />);
    for (const name of ['a.pdf', 'b.pdf', 'c.pdf']) {
      await user.upload(input(), pdf(name));
      await screen.findByRole('link', { name: `Download ${name}` });
    }
    await user.click(screen.getByRole('button', { name: 'Remove file b.pdf' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Download b.pdf', hidden: true })).not.toBeInTheDocument());

    await user.upload(input(), pdf('d.pdf'));
    expect(await screen.findByRole('link', { name: 'Download d.pdf', hidden: true })).toBeInTheDocument();
    expect(toastTexts().filter((text) => text.startsWith('error'))).toEqual([]);
  });

  it('shows the server’s too-many-files refusal in the buyer’s words', async () => {
    const user = userEvent.setup({ delay: null, applyAccept: false });
    const upload = vi.fn(async (): Promise<QuoteFile> => {
      throw new MediaUploadError('Maximum allowed number of files exceeded. Only 3 allowed', 'QUOTE_TOO_MANY_FILES', 400);
    });
    render(<Harness upload={upload} />);

    await user.upload(input(), pdf('a.pdf'));
    await waitFor(() => expect(toastTexts()).toEqual(['error: Maximum allowed number of files exceeded. Only 3 allowed']));
  });

  it('removes a file only after confirming', async () => {
    const user = userEvent.setup({ delay: null });
    const onRemove = vi.fn();
    const file = quoteFile(3, 'protocol.pdf');
    render(<Harness initial={[file]} onRemove={onRemove} />);

    await user.click(screen.getByRole('button', { name: 'Remove file protocol.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this file?' });
    expect(within(dialog).getByText('protocol.pdf will be removed from your quote.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onRemove).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Remove file protocol.pdf', hidden: true }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(onRemove).toHaveBeenCalledTimes(1);
    expect(onRemove).toHaveBeenCalledWith(file);
  });

  it('follows a fresh download link as it is', async () => {
    const user = userEvent.setup({ delay: null });
    const refresh = vi.fn(async () => null);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    let followed: boolean | null = null;
    const observe = (event: Event) => {
      followed = !event.defaultPrevented;
      event.preventDefault(); // jsdom does not navigate
    };
    document.addEventListener('click', observe);
    try {
      render(<Harness initial={[quoteFile(3, 'protocol.pdf')]} refresh={refresh} fetchedAt={Date.now() - 60_000} />);
      await user.click(screen.getByRole('link', { name: 'Download protocol.pdf' }));
      expect(followed).toBe(true);
      expect(refresh).not.toHaveBeenCalled();
      expect(open).not.toHaveBeenCalled();
    } finally {
      document.removeEventListener('click', observe);
      open.mockRestore();
    }
  });

  it('fetches a link older than 4 minutes again before opening it', async () => {
    const user = userEvent.setup({ delay: null });
    const fresh = { ...quoteFile(3, 'protocol.pdf'), downloadUrl: 'https://api.helix.test/api/v2/quotes/attachments/3?token=new' };
    const refresh = vi.fn(async () => [fresh]);
    const tab = { opener: {} as unknown, location: { href: 'about:blank' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    try {
      render(<Harness initial={[quoteFile(3, 'protocol.pdf')]} refresh={refresh} fetchedAt={Date.now() - 4 * 60_000 - 1} />);
      await user.click(screen.getByRole('link', { name: 'Download protocol.pdf' }));
      expect(open).toHaveBeenCalledWith('', '_blank');
      await waitFor(() => expect(tab.location.href).toBe('https://api.helix.test/api/v2/quotes/attachments/3?token=new'));
      expect(refresh).toHaveBeenCalledTimes(1);
      expect(tab.opener).toBeNull();
    } finally {
      open.mockRestore();
    }
  });

  it('says so when a stale link’s file is gone', async () => {
    const user = userEvent.setup({ delay: null });
    const tab = { opener: null, location: { href: 'about:blank' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    try {
      render(<Harness initial={[quoteFile(3, 'protocol.pdf')]} refresh={async () => []} fetchedAt={0} />);
      await user.click(screen.getByRole('link', { name: 'Download protocol.pdf' }));
      await waitFor(() => expect(toastTexts()).toEqual(['error: File protocol.pdf is no longer attached to your quote.']));
      expect(tab.close).toHaveBeenCalledTimes(1);
      expect(tab.location.href).toBe('about:blank');
    } finally {
      open.mockRestore();
    }
  });
});
