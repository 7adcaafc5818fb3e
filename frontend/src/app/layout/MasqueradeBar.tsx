import Button from '@mui/material/Button';
import { styled } from '@mui/material/styles';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import { textColorOn } from '../../lib/color';
import { useMessages } from '../../lib/i18n/I18nProvider';
import { ROUTE_PATHS } from '../../lib/routePaths';
import { useStorefrontConfigs } from '../../lib/store/storefrontConfig';
import type { CustomerInfo } from '../../lib/user/customerInfo';
import { masqueradeBarSettings, masqueradeOf, useMasqueradeActions } from '../../lib/user/masquerade';
import { appMessages } from '../messages';

const Bar = styled('div')(({ theme }) => ({
  position: 'fixed',
  left: theme.spacing(2),
  bottom: theme.spacing(2),
  zIndex: theme.zIndex.snackbar - 1,
  display: 'flex',
  alignItems: 'center',
  gap: theme.spacing(1.5),
  maxWidth: 'calc(100vw - 32px)',
  padding: theme.spacing(1, 1, 1, 2),
  borderRadius: theme.shape.borderRadius,
  boxShadow: theme.shadows[6],
  ...theme.typography.body2,
}));

/**
 * shell §1/§9 masquerade button: bottom-left, #ED6C02 unless the store's masquerade_button says otherwise,
 * "You are masquerading as {company}" with END MASQUERADE; hidden when the store switched it off.
 */
export function MasqueradeBar({ customer }: { customer: CustomerInfo | null }) {
  const t = useMessages(appMessages);
  const navigate = useNavigate();
  const { data: configs } = useStorefrontConfigs();
  const actions = useMasqueradeActions();
  const company = masqueradeOf(customer);
  const settings = masqueradeBarSettings(configs);
  const end = useMutation({
    mutationFn: (companyId: number) => actions.end(companyId),
    onSuccess: () => navigate(ROUTE_PATHS.dashboard),
  });
  if (!company || !settings) return null;
  // business §9: the text, and the outlined button's text and border (color="inherit"), black or white on the
  // store's colour (#ED6C02 by default: black, as white reaches only 3.1:1 on it).
  return (
    <Bar
      role="region"
      aria-label={t('masquerade.label')}
      style={{ backgroundColor: settings.color, color: textColorOn(settings.color) }}
      data-testid="b2b-masquerade-bar"
    >
      <span>{t('masquerade.as', { company: company.companyName })}</span>
      <Button
        size="small"
        variant="outlined"
        color="inherit"
        onClick={() => end.mutate(company.id)}
        loading={end.isPending}
        disabled={end.isPending}
      >
        {settings.buttonText ?? t('masquerade.end')}
      </Button>
    </Bar>
  );
}
