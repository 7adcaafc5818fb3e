import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

import { useLanguage, useMessages } from '../../lib/i18n/I18nProvider';
import { ROUTE_PATHS } from '../../lib/routePaths';
import { CART_PATH } from '../../lib/storefrontCart';
import { transferMessages } from './messages';
import { TRANSFER_CODE_LABEL } from './transferCodes';

const Items = styled('ul')(({ theme }) => ({
  margin: theme.spacing(0.5, 0, 2),
  paddingLeft: theme.spacing(2.5),
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(0.75),
}));

/** Where the products went: the storefront cart or the quote draft. */
export type TransferTarget = 'cart' | 'quote';

/** One product of the report; `code` and `reason` are null when it was added. */
export interface TransferItem {
  /** Unique in the report (an order line's id, a list item's id). */
  key: string | number;
  sku: string;
  name: string;
  quantity: number;
  code: string | null;
  reason: string | null;
}

export interface TransferReport {
  target: TransferTarget;
  added: readonly TransferItem[];
  notAdded: readonly TransferItem[];
  /** A line under the lists when something went into the cart (e.g. that the cart uses today's prices). */
  cartNote?: ReactNode;
}

/**
 * What putting products into the cart or the quote did: the products added, and each product that could not be
 * added with the reason, translated by its code (in English also the server's details, e.g. how many are left);
 * then the way to the storefront's cart or to the quote draft.
 */
export function TransferReportDialog({ report, onClose }: { report: TransferReport | null; onClose(): void }) {
  const t = useMessages(transferMessages);
  const language = useLanguage();
  const titleId = useId();
  if (!report) return null;
  const { target } = report;
  const added = report.added.length;
  const item = (line: TransferItem) => t('transfer.item', { quantity: line.quantity, name: line.name, sku: line.sku });
  const title =
    target === 'cart'
      ? added > 0
        ? t('transfer.cart.title', { count: added })
        : t('transfer.cart.noneTitle')
      : added > 0
        ? t('transfer.quote.title', { count: added })
        : t('transfer.quote.noneTitle');

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {added > 0 && (
          <section aria-label={t('transfer.added')} data-testid="transfer-added">
            <Typography variant="subtitle2" component="h3">
              {t('transfer.added')}
            </Typography>
            <Items>
              {report.added.map((line) => (
                <li key={line.key}>{item(line)}</li>
              ))}
            </Items>
          </section>
        )}
        {report.notAdded.length > 0 && (
          <section aria-label={t('transfer.notAdded')} data-testid="transfer-not-added">
            <Typography variant="subtitle2" component="h3">
              {t('transfer.notAdded')}
            </Typography>
            <Items>
              {report.notAdded.map((line) => {
                const key = line.code ? TRANSFER_CODE_LABEL[line.code] : undefined;
                return (
                  <li key={line.key} data-code={line.code ?? ''}>
                    {item(line)}
                    <Typography variant="body2" color="error" sx={{ display: 'block' }} component="span">
                      {key ? t(key) : t('transfer.code.unknown')}
                      {/* The server's details are English: shown beside the English text only. */}
                      {language === 'en' && line.reason && key ? ` (${line.reason})` : ''}
                    </Typography>
                  </li>
                );
              })}
            </Items>
          </section>
        )}
        {target === 'cart' && added > 0 && report.cartNote && (
          <Typography variant="body2" color="text.secondary">
            {report.cartNote}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('transfer.close')}</Button>
        {added > 0 &&
          (target === 'cart' ? (
            <Button variant="contained" href={CART_PATH}>
              {t('transfer.goToCart')}
            </Button>
          ) : (
            <Button variant="contained" component={RouterLink} to={ROUTE_PATHS.quoteDraft} onClick={onClose}>
              {t('transfer.goToQuote')}
            </Button>
          ))}
      </DialogActions>
    </Dialog>
  );
}
