import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';

import { ListPageHeader } from '../../../components/listPage/ListPageLayout';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { hasPermission } from '../../../lib/permissions';
import { useStoreBasicInfo } from '../../../lib/store/storeBasicInfo';
import { useCustomerInfo } from '../../../lib/user/customerInfo';
import { PurchasedProducts } from '../components/PurchasedProducts';
import { QuickOrderPad } from '../components/QuickOrderPad';
import { quickOrderMessages } from '../messages';
import { useQuickOrderRights } from '../useQuickOrderRights';

const Page = styled('div')(({ theme }) => ({
  maxWidth: 1440,
  margin: '0 auto',
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(3),
}));

// The pad first (the quick way to order, on a phone at the top), the purchased products beside it on a wide screen
// (the pad a side panel on the right).
const Columns = styled('div')(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: theme.spacing(3),
  alignItems: 'start',
  [theme.breakpoints.up('lg')]: { gridTemplateColumns: 'minmax(0, 1fr) 340px' },
}));

const PadColumn = styled('div')(({ theme }) => ({ minWidth: 0, [theme.breakpoints.up('lg')]: { gridColumn: 2, gridRow: 1 } }));
const ListColumn = styled('div')(({ theme }) => ({ minWidth: 0, [theme.breakpoints.up('lg')]: { gridColumn: 1, gridRow: 1 } }));

/**
 * `/purchased-products` (shell §2 "quick order", roles 0, 1, 2, 3, 99; quickOrderPad and buyAgain, shell §6):
 * buy again from what was ordered before, and the quick order pad.
 */
export function QuickOrderPage() {
  const t = useMessages(quickOrderMessages);
  const rights = useQuickOrderRights();
  const customer = useCustomerInfo().data;
  const store = useStoreBasicInfo().data;
  // get_orders above level 1 (admin, senior buyer, a masquerading super admin): the company's products (docs/api.md).
  const companyWide = customer ? hasPermission(customer.permissions, 'get_orders', 2) : false;
  return (
    <Page>
      <ListPageHeader>
        <div>
          <Typography variant="h1" gutterBottom>
            {t('quickOrder.title')}
          </Typography>
          <Typography color="text.secondary">{t('quickOrder.intro')}</Typography>
        </div>
      </ListPageHeader>
      <Columns>
        <PadColumn>
          <QuickOrderPad rights={rights} currencyCode={store?.defaultCurrency ?? 'USD'} />
        </PadColumn>
        <ListColumn>
          <PurchasedProducts rights={rights} companyWide={companyWide} />
        </ListColumn>
      </Columns>
    </Page>
  );
}
