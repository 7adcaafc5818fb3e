import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';

import { FileDropZone, type DroppedFile } from '../../../components/dropzone/FileDropZone';
import { DEFAULT_LIMITS, sizeLabel, type DropLimits } from '../../../components/dropzone/dropZoneRules';
import { toast } from '../../../components/toast/toastStore';
import { NETWORK_ERROR_CODE } from '../../../lib/graphql';
import type { MessageKey } from '../../../lib/i18n/keys';
import { useMessages, type Translate } from '../../../lib/i18n/I18nProvider';
import { MediaUploadError } from '../../../lib/mediaUpload';
import type { QuoteFile } from '../api/draftFields';
import { quoteMessages } from '../messages';
import { DraftRemoveDialog } from './DraftRemoveDialog';
import { QuoteFileList } from './QuoteFileList';

/** docs/api.md "Files" (business §5): 3 files of at most 3,000,000 bytes, the shared drop zone's defaults. */
export const QUOTE_FILE_LIMITS: DropLimits = DEFAULT_LIMITS;

/** The signed download links live 5 minutes: older ones are fetched again before a file is opened. */
export const LINK_REFRESH_AFTER_MS = 4 * 60_000;

const Root = styled('section')(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(2),
}));

const FileRow = styled('li')(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  gap: theme.spacing(2),
  padding: theme.spacing(1, 2),
  border: `1px solid ${theme.palette.divider}`,
  borderRadius: theme.shape.borderRadius,
}));

const FileName = styled(Link)({ flex: 1, minWidth: 0, overflowWrap: 'anywhere' });

interface DraftAttachmentsProps {
  files: readonly QuoteFile[];
  /** When `files` were fetched (ms since the epoch). */
  fetchedAt: number;
  disabled?: boolean;
  /** Stores a file on the draft; rejects with a MediaUploadError when the server refuses it. */
  upload(file: File): Promise<QuoteFile>;
  /** Called once the removal is confirmed. */
  onRemove(file: QuoteFile): void;
  /** Fetches the draft again: its files with fresh links, or null when that failed. */
  refresh(): Promise<readonly QuoteFile[] | null>;
}

// Known refusals in the buyer's language (docs/api.md "Files"; the English texts are business §8's); other
// refusals show the server's message.
function uploadErrorText(t: Translate<MessageKey<typeof quoteMessages>>, error: unknown, name: string): string {
  const code = error instanceof MediaUploadError ? error.errorCode : '';
  switch (code) {
    case 'QUOTE_FILE_REJECTED':
      return t('quoteDraft.attachments.error.rejected', { name, size: sizeLabel(QUOTE_FILE_LIMITS.maxFileBytes) });
    case 'QUOTE_TOO_MANY_FILES':
      return t('quoteDraft.attachments.error.tooMany', { n: QUOTE_FILE_LIMITS.maxFiles });
    case 'TOO_MANY_REQUESTS':
      return t('quoteDraft.attachments.error.tooManyRequests');
    case NETWORK_ERROR_CODE:
      return t('quoteDraft.attachments.error.network');
    default:
      return (error instanceof Error && error.message) || t('quoteDraft.attachments.error.failed', { name });
  }
}

/** The draft's attachments (business §5 drop zone): add by drop or file picker, download, remove after confirming. */
export function DraftAttachments({ files, fetchedAt, disabled = false, upload, onRemove, refresh }: DraftAttachmentsProps) {
  const t = useMessages(quoteMessages);
  const titleId = useId();
  const [removing, setRemoving] = useState<QuoteFile | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  // The zone here only checks, uploads and shows progress; the draft's files are listed below, with their links.
  // It keeps what it committed until its value changes: a fresh empty list forgets it, so that only the
  // draft's files and the uploads on their way count against the limit.
  const [zoneValue, setZoneValue] = useState<DroppedFile[]>([]);
  const listed = useRef(new Set(files.map((file) => file.id)));
  const landed = useRef(new Set<QuoteFile['id']>());
  const reserved = useRef(0);

  useEffect(() => {
    listed.current = new Set(files.map((file) => file.id));
    landed.current.forEach((id) => {
      if (listed.current.has(id)) landed.current.delete(id);
    });
  }, [files]);

  const uploadChecked = async (file: File): Promise<DroppedFile> => {
    try {
      const notListedYet = [...landed.current].filter((id) => !listed.current.has(id)).length;
      if (listed.current.size + notListedYet + reserved.current >= QUOTE_FILE_LIMITS.maxFiles) {
        throw new MediaUploadError('', 'QUOTE_TOO_MANY_FILES');
      }
      reserved.current += 1;
      try {
        const stored = await upload(file);
        // The file is on the draft now: counted until the list shows it, not only from the list's next render (a
        // file chosen meanwhile would slip past the limit on a slow machine).
        if (!listed.current.has(stored.id)) landed.current.add(stored.id);
        setUploadError(null);
        return { id: String(stored.id), name: stored.fileName, size: stored.fileSize };
      } finally {
        reserved.current -= 1;
      }
    } catch (error) {
      const text = uploadErrorText(t, error, file.name);
      setUploadError(text);
      // The zone shows this message for 6 s (business §5); it also stays under the zone.
      throw new Error(text);
    }
  };

  const openFile = (event: MouseEvent<HTMLAnchorElement>, file: QuoteFile) => {
    if (Date.now() - fetchedAt < LINK_REFRESH_AFTER_MS) return;
    event.preventDefault();
    // Opened during the click, so that popup blockers allow it; pointed at the fresh link once it is there.
    const target = window.open('', '_blank');
    void refresh().then((fresh) => {
      const url = fresh?.find((item) => item.id === file.id)?.downloadUrl;
      if (!url) {
        target?.close();
        if (fresh) toast.error(t('quoteDraft.attachments.error.gone', { name: file.fileName }));
        return;
      }
      if (target) {
        target.opener = null;
        target.location.href = url;
      } else {
        window.open(url, '_blank', 'noopener');
      }
    });
  };

  const full = files.length >= QUOTE_FILE_LIMITS.maxFiles;

  return (
    <Root aria-labelledby={titleId}>
      <Typography variant="h2" id={titleId}>
        {t('quoteDraft.section.attachments')}
      </Typography>
      <Typography color="text.secondary">
        {t('quoteDraft.attachments.limits', { n: QUOTE_FILE_LIMITS.maxFiles, size: sizeLabel(QUOTE_FILE_LIMITS.maxFileBytes) })}
      </Typography>
      {files.length === 0 ? (
        <Typography>{t('quoteDraft.attachments.empty')}</Typography>
      ) : (
        <QuoteFileList aria-label={t('quoteDraft.attachments.listLabel')}>
          {files.map((file) => (
            <FileRow key={file.id}>
              <FileName
                href={file.downloadUrl}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('quoteDraft.attachments.download', { name: file.fileName })}
                onClick={(event) => openFile(event, file)}
              >
                {file.fileName}
              </FileName>
              <Typography variant="body2" color="text.secondary">
                {sizeLabel(file.fileSize)}
              </Typography>
              {!file.fromSupplier && (
                <Button
                  size="small"
                  color="error"
                  disabled={disabled}
                  aria-label={t('quoteDraft.attachments.remove', { name: file.fileName })}
                  onClick={() => setRemoving(file)}
                >
                  {t('quoteDraft.removeConfirm')}
                </Button>
              )}
            </FileRow>
          ))}
        </QuoteFileList>
      )}
      {full && <Typography color="text.secondary">{t('quoteDraft.attachments.full', { n: QUOTE_FILE_LIMITS.maxFiles })}</Typography>}
      <FileDropZone
        label={t('quoteDraft.attachments.dropLabel')}
        value={zoneValue}
        onChange={() => setZoneValue([])}
        upload={uploadChecked}
        limits={QUOTE_FILE_LIMITS}
        error={uploadError ?? undefined}
        disabled={disabled}
      />
      <DraftRemoveDialog
        removing={removing}
        title={t('quoteDraft.attachments.removeTitle')}
        body={t('quoteDraft.attachments.removeBody', { name: removing?.fileName ?? '' })}
        onRemove={onRemove}
        onClose={() => setRemoving(null)}
      />
    </Root>
  );
}
