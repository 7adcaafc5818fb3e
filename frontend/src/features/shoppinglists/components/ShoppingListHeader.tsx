import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';

import { formatDate, formatDateTime } from '../../../lib/dates';
import { useLanguage, useMessages } from '../../../lib/i18n/I18nProvider';
import { useFormatMoney } from '../../../lib/money';
import { makerName, type ShoppingListHeader as Header } from '../api/shoppingListFields';
import { shoppingListsMessages } from '../messages';
import { ShoppingListStatusChip } from './ShoppingListStatusChip';

const TitleRow = styled('div')(({ theme }) => ({ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: theme.spacing(1.5) }));

const Title = styled(Typography)({ overflowWrap: 'anywhere' }) as typeof Typography;

const Actions = styled('div')(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: theme.spacing(1.5),
  marginTop: theme.spacing(2),
  [theme.breakpoints.down('sm')]: { '& > button': { flex: '1 1 100%' } },
}));

const Facts = styled('dl')(({ theme }) => ({
  margin: theme.spacing(3, 0, 0),
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))',
  [theme.breakpoints.down('sm')]: { gridTemplateColumns: 'repeat(auto-fill, minmax(135px, 1fr))' },
  gap: theme.spacing(2, 3),
  '& > div': { minWidth: 0 },
  '& dt': { ...theme.typography.caption, color: theme.palette.text.secondary, textTransform: 'uppercase', letterSpacing: '0.04em' },
  '& dd': { ...theme.typography.body1, margin: 0, overflowWrap: 'anywhere' },
}));

export type ListAction = 'edit' | 'submit' | 'approve' | 'reject';

export interface ShoppingListHeaderProps {
  list: Header;
  company: boolean;
  busy: ListAction | null;
  /** What happens next on an approved list, for this reader (issue 36 item 9: order it, or ask someone to). */
  approvedNextStep?: string | null;
  onAction(action: ListAction): void;
}

/**
 * A list's name, status and maker, its totals at today's prices, the rejection reason of a rejected list, and what
 * the caller may do with it now (the server's canEdit / canSubmit / canApprove): edit, submit for approval, approve
 * or reject.
 */
export function ShoppingListHeader({ list, company, busy, approvedNextStep = null, onAction }: ShoppingListHeaderProps) {
  const t = useMessages(shoppingListsMessages);
  const language = useLanguage();
  const formatMoney = useFormatMoney();
  const money = (amount: string | null) => formatMoney(amount, list.currencyCode);
  const actions = list.canEdit || list.canSubmit || list.canApprove;
  const button = (action: ListAction, label: string, variant: 'contained' | 'outlined' | 'text', color?: 'error') => (
    <Button variant={variant} color={color} loading={busy === action} loadingPosition="start" disabled={busy !== null} onClick={() => onAction(action)}>
      {label}
    </Button>
  );

  return (
    <header>
      <TitleRow>
        <Title variant="h1">{list.name}</Title>
        {company && <ShoppingListStatusChip status={list.status} label={list.statusLabel} />}
      </TitleRow>
      {list.description && (
        <Typography color="text.secondary" sx={{ mt: 1, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {list.description}
        </Typography>
      )}
      {company && list.status === 50 && (
        <Alert severity="warning" sx={{ mt: 2 }} data-testid="shopping-list-rejection">
          <AlertTitle>{t('shoppingLists.detail.rejectedTitle')}</AlertTitle>
          <span style={{ whiteSpace: 'pre-line' }}>{list.reason || t('shoppingLists.detail.noReason')}</span>
          {list.canSubmit && <Typography variant="body2" sx={{ mt: 1 }}>{t('shoppingLists.detail.rejectedHint')}</Typography>}
        </Alert>
      )}
      {company && list.status === 0 && list.reviewedAt && (
        <Alert severity="success" sx={{ mt: 2 }} data-testid="shopping-list-approval">
          <AlertTitle>
            {list.reviewedBy
              ? t('shoppingLists.detail.approvedBy', { name: makerName(list.reviewedBy), date: formatDate(list.reviewedAt, language) })
              : t('shoppingLists.detail.approvedOn', { date: formatDate(list.reviewedAt, language) })}
          </AlertTitle>
          {approvedNextStep}
        </Alert>
      )}
      {company && list.status === 40 && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {list.canApprove ? t('shoppingLists.detail.awaitingYou') : t('shoppingLists.detail.awaiting')}
        </Alert>
      )}
      {company && list.status === 30 && list.canSubmit && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {t('shoppingLists.detail.draftHint')}
        </Alert>
      )}
      {actions && (
        <Actions role="group" aria-label={t('shoppingLists.detail.actions')}>
          {list.canSubmit && button('submit', t('shoppingLists.detail.submit'), 'contained')}
          {list.canApprove && button('approve', t('shoppingLists.detail.approve'), 'contained')}
          {list.canApprove && button('reject', t('shoppingLists.detail.reject'), 'outlined', 'error')}
          {list.canEdit && button('edit', t('shoppingLists.detail.edit'), 'outlined')}
        </Actions>
      )}
      <Facts>
        {company && (
          <div>
            <dt>{t('shoppingLists.detail.createdBy')}</dt>
            <dd data-testid="shopping-list-created-by">{list.customerInfo ? makerName(list.customerInfo) : t('shoppingLists.formerUser')}</dd>
          </div>
        )}
        <div>
          <dt>{t('shoppingLists.detail.products')}</dt>
          <dd>{t('shoppingLists.card.productCount', { count: list.itemCount })}</dd>
        </div>
        <div>
          <dt>{t('shoppingLists.detail.lastActivity')}</dt>
          <dd>
            <time dateTime={list.updatedAt}>{formatDateTime(list.updatedAt, language)}</time>
          </dd>
        </div>
        {!list.pricesHidden && list.isShowGrandTotal && (
          <div>
            <dt>{list.showInclusive ? t('shoppingLists.detail.grandTotal') : t('shoppingLists.detail.subtotal')}</dt>
            <dd data-testid="shopping-list-total">{money(list.showInclusive ? list.grandTotal : list.subtotal)}</dd>
          </div>
        )}
        {!list.pricesHidden && list.isShowGrandTotal && list.totalDiscount !== null && Number(list.totalDiscount) > 0 && (
          <div>
            <dt>{t('shoppingLists.detail.savings')}</dt>
            <dd>{money(list.totalDiscount)}</dd>
          </div>
        )}
      </Facts>
    </header>
  );
}
