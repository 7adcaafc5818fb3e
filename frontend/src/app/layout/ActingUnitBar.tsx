import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { styled } from '@mui/material/styles';

import { useMessages } from '../../lib/i18n/I18nProvider';
import type { CustomerInfo } from '../../lib/user/customerInfo';
import { appMessages } from '../messages';
import { useUnitSwitch } from './useUnitSwitch';

// Under the header and outside the scrolling content, so that it stays in view on every page.
const Bar = styled(Alert)(({ theme }) => ({
  borderRadius: 0,
  borderBottom: `1px solid ${theme.palette.divider}`,
  paddingTop: 0,
  paddingBottom: 0,
  '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' },
}));

/**
 * Issue 40: while a parent company's admin acts for a unit below it, every page says so — "Acting for Organic
 * Synthesis Lab (Northfield University)" — with the way back to their own company, as the masquerade bar does for a
 * super admin.
 */
export function ActingUnitBar({ customer }: { customer: CustomerInfo | null }) {
  const t = useMessages(appMessages);
  const { switchTo, pending } = useUnitSwitch();
  const company = customer?.companyInfo;
  if (!company || customer.masquerade?.isAgenting || company.homeCompanyId === null || company.homeCompanyId === company.id) return null;
  const home = company.homeCompanyName;
  return (
    <Bar
      severity="info"
      role="region"
      aria-label={t('layout.unit.barLabel')}
      data-testid="b2b-acting-unit-bar"
      action={
        <Button
          color="inherit"
          size="small"
          variant="outlined"
          onClick={() => switchTo({ companyId: null, companyName: home })}
          loading={pending}
          disabled={pending}
        >
          {t('layout.unit.back', { home })}
        </Button>
      }
    >
      {t('layout.unit.actingAs', { unit: company.companyName, home })}
    </Bar>
  );
}
