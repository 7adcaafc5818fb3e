import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useMemo, type MouseEvent } from 'react';

import { FileDropZone, type DroppedFile } from '../../../components/dropzone/FileDropZone';
import { DEFAULT_MAX_FILES, DEFAULT_LIMITS, sizeLabel } from '../../../components/dropzone/dropZoneRules';
import { formatDateTime } from '../../../lib/dates';
import { useLanguage, useMessages } from '../../../lib/i18n/I18nProvider';
import type { QuoteFile } from '../api/quote';
import { quoteDetailMessages } from '../detailMessages';
import { QuoteFileList } from './QuoteFileList';

const FileRow = styled('li')(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: theme.spacing(0.5, 1.5),
  padding: theme.spacing(1, 1.5),
  border: `1px solid ${theme.palette.divider}`,
  borderRadius: theme.shape.borderRadius,
}));

export interface QuoteDetailAttachmentsProps {
  attachments: readonly QuoteFile[];
  /** The buyer may add files (the same right as messaging: update_quote_message, not on ordered quotes). */
  canUpload: boolean;
  /** Changes whenever the quote is reloaded: the drop zone then starts empty again (its files are listed above). */
  reloadedAt: number;
  /** A click on a file's link; the page renews links that may have expired before following them. */
  onOpen(file: QuoteFile, event: MouseEvent<HTMLAnchorElement>): void;
  upload(file: File): Promise<DroppedFile>;
  onUploaded(): void;
}

/** Files of both sides, each with a download link, and the drop zone for the buyer's own (business §5). */
export function QuoteDetailAttachments({ attachments, canUpload, reloadedAt, onOpen, upload, onUploaded }: QuoteDetailAttachmentsProps) {
  const t = useMessages(quoteDetailMessages);
  const language = useLanguage();
  const buyerFiles = attachments.filter((file) => !file.fromSupplier).length;
  const room = Math.max(0, DEFAULT_MAX_FILES - buyerFiles);
  // Fresh for every reload: uploaded files then show in the list above and count against the room left.
  const dropped = useMemo<DroppedFile[]>(() => [], [reloadedAt]);

  return (
    <>
      {attachments.length === 0 ? (
        <Typography color="text.secondary">{t('quoteDetail.attachments.empty')}</Typography>
      ) : (
        <QuoteFileList aria-label={t('quoteDetail.section.attachments')}>
          {attachments.map((file) => (
            <FileRow key={file.id} data-testid={`quote-file-${file.id}`}>
              <div style={{ flex: '1 1 200px', minWidth: 0 }}>
                <Link href={file.downloadUrl} download={file.fileName} rel="noopener" onClick={(event) => onOpen(file, event)} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {file.fileName}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  {sizeLabel(file.fileSize)} · {formatDateTime(file.createdAt, language)}
                </Typography>
              </div>
              <Chip
                size="small"
                variant={file.fromSupplier ? 'filled' : 'outlined'}
                color={file.fromSupplier ? 'secondary' : 'default'}
                label={file.fromSupplier ? t('quoteDetail.attachments.fromSupplier') : t('quoteDetail.attachments.fromYou')}
              />
            </FileRow>
          ))}
        </QuoteFileList>
      )}
      {canUpload &&
        (room > 0 ? (
          <FileDropZone
            label={t('quoteDetail.attachments.dropLabel')}
            value={dropped}
            onChange={onUploaded}
            upload={upload}
            limits={{ ...DEFAULT_LIMITS, maxFiles: room }}
          />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('quoteDetail.attachments.limitReached', { n: DEFAULT_MAX_FILES })}
          </Typography>
        ))}
    </>
  );
}
