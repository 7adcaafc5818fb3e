import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { useState, type MouseEvent } from 'react';

import { useMessages } from '../../lib/i18n/I18nProvider';
import { usePortalConfig } from '../../lib/PortalConfigProvider';
import { fetchBulkUploadState } from './api/bulkUploadFile';
import { LINK_REFRESH_AFTER_MS } from './bulkUploadRules';
import { startDownload } from '../../lib/download';
import { bulkUploadMessages } from './messages';
import type { BulkUploadConfirmation } from './types';

/** What the note says after an upload whose lines went beyond the stock. */
export interface BulkStockNote {
  /** How many lines are beyond the stock. */
  count: number;
  url: string;
  uploadId: string | null;
  /** When the link was fetched, ms since the epoch. */
  fetchedAt: number;
}

/** The note of a confirmed upload, or null when no line is beyond the stock. */
export function bulkStockNote({ validProducts, stockErrorFileUrl, uploadId }: BulkUploadConfirmation): BulkStockNote | null {
  if (!stockErrorFileUrl) return null;
  return { count: validProducts.filter((product) => product.stockErrorCode).length, url: stockErrorFileUrl, uploadId, fetchedAt: Date.now() };
}

/**
 * business §4 stock check: lines beyond the stock were added all the same (to a list or a quote); the note says how
 * many and links the stock error file. An old signed link is fetched afresh before it is opened.
 */
export function BulkUploadStockNote({ note, onClose }: { note: BulkStockNote | null; onClose(): void }) {
  const t = useMessages(bulkUploadMessages);
  const { apiOrigin } = usePortalConfig();
  const [fresh, setFresh] = useState<{ from: BulkStockNote; url: string; fetchedAt: number } | null>(null);
  if (!note) return null;
  const current = fresh?.from === note ? fresh : { url: note.url, fetchedAt: note.fetchedAt };

  const onClick = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (!note.uploadId || Date.now() - current.fetchedAt < LINK_REFRESH_AFTER_MS) return;
    event.preventDefault();
    try {
      const state = await fetchBulkUploadState({ apiOrigin, uploadId: note.uploadId });
      const url = state.result?.stockErrorFileDownloadUrl;
      if (!url) return;
      setFresh({ from: note, url, fetchedAt: Date.now() });
      startDownload(url);
    } catch {
      // The upload is gone (a day later): the link cannot be renewed; the note says nothing more.
    }
  };

  return (
    <Alert severity="warning" closeText={t('bulkUpload.dismiss')} onClose={onClose} data-testid="bulk-upload-stock-note">
      {t('bulkUpload.stockNote', { count: note.count })}{' '}
      <Link href={current.url} download onClick={(event) => void onClick(event)} color="inherit" sx={{ fontWeight: 600 }}>
        {t('bulkUpload.stockFile')}
      </Link>
    </Alert>
  );
}
