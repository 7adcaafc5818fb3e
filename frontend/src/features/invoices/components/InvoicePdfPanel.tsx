import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { styled } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { useMessages } from '../../../lib/i18n/I18nProvider';
import { withStorefrontToken } from '../../../lib/storefrontTokenHeader';
import { invoicesMessages } from '../messages';

/** business §9: the PDF panel's default height. */
export const PDF_PANEL_HEIGHT = 300;

// The panel is resized by its lower edge (CSS resize), like a text area; the frame keeps a strip free below it so
// that the handle is never under the PDF (a frame swallows the drag).
const Resizable = styled('div')(({ theme }) => ({
  position: 'relative',
  resize: 'vertical',
  overflow: 'auto',
  minHeight: 160,
  maxHeight: '90vh',
  paddingBottom: theme.spacing(1.5),
  border: `1px solid ${theme.palette.divider}`,
  borderRadius: theme.shape.borderRadius,
  backgroundColor: theme.palette.grey[100],
}));

const Frame = styled('iframe')({ display: 'block', width: '100%', height: '100%', border: 0, backgroundColor: '#fff' });

const Centered = styled('div')({ display: 'flex', alignItems: 'center', justifyContent: 'center', height: '100%' });

/** business §7: "a PDF is fetched from its url as a blob and shown embedded" — the API's files may not be framed. */
async function fetchPdfBlob(url: string, signal: AbortSignal): Promise<Blob> {
  const response = await fetch(url, withStorefrontToken({ signal, credentials: 'omit' }, url));
  if (!response.ok) throw new Error(`PDF answered ${response.status}`);
  const blob = await response.blob();
  return blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' });
}

/** A page-local URL for the blob while the panel shows it (released when the panel goes). */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob || typeof URL.createObjectURL !== 'function') return undefined;
    const next = URL.createObjectURL(blob);
    setObjectUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setObjectUrl(null);
    };
  }, [blob]);
  return objectUrl;
}

export interface InvoicePdfPanelProps {
  /** The signed link of the invoice's PDF. */
  url: string;
  /** The frame's accessible name ("Invoice INV-000123 (PDF)"). */
  label: string;
  /** Asked when the PDF could not be fetched: the link may have expired, the caller gives a fresh one. */
  onReload?(): void;
  height?: number;
}

/**
 * business §2: the invoice's PDF embedded, vertically resizable (300 px high at first, business §9). While it loads
 * a spinner; when it cannot be fetched a message with a retry.
 */
export function InvoicePdfPanel({ url, label, onReload, height = PDF_PANEL_HEIGHT }: InvoicePdfPanelProps) {
  const t = useMessages(invoicesMessages);
  const pdf = useQuery({
    queryKey: ['invoicePdfBlob', url],
    queryFn: ({ signal }) => fetchPdfBlob(url, signal),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const objectUrl = useObjectUrl(pdf.data);

  if (pdf.isError) {
    return (
      <Alert
        severity="warning"
        action={
          <Button color="inherit" size="small" onClick={() => (onReload ? onReload() : void pdf.refetch())}>
            {t('invoices.pdf.retry')}
          </Button>
        }
      >
        {t('invoices.pdf.loadError')}
      </Alert>
    );
  }

  return (
    <Resizable style={{ height }} data-testid="invoice-pdf-panel">
      {objectUrl ? (
        <Frame title={label} src={objectUrl} />
      ) : (
        <Centered>
          <CircularProgress size={28} aria-label={t('invoices.pdf.loading')} />
        </Centered>
      )}
    </Resizable>
  );
}
