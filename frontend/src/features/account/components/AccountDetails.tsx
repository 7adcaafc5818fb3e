import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';

import { useMessages } from '../../../lib/i18n/I18nProvider';
import { useMobileLayout } from '../../../lib/useMobileLayout';
import type { CustomerInfo } from '../api/customerInfo';
import { accountMessages } from '../messages';
import { roleNameKey } from '../roleName';

const Card = styled(Paper, { shouldForwardProp: (prop) => prop !== 'mobile' })<{ mobile: boolean }>(
  ({ theme, mobile }) => ({ padding: theme.spacing(mobile ? 2 : 3, mobile ? 2 : 4) }),
);

const List = styled('dl', { shouldForwardProp: (prop) => prop !== 'mobile' })<{ mobile: boolean }>(
  ({ theme, mobile }) => ({
    display: 'grid',
    gridTemplateColumns: mobile ? '1fr' : 'minmax(120px, max-content) 1fr',
    columnGap: theme.spacing(4),
    rowGap: theme.spacing(mobile ? 0.5 : 2),
    margin: 0,
    // Each <div> groups a <dt> with its <dd> (valid in a <dl>) without breaking the grid.
    '& > div': { display: 'contents' },
    '& dt': { color: theme.palette.text.secondary, marginTop: mobile ? theme.spacing(1.5) : 0 },
    '& > div:first-of-type > dt': { marginTop: 0 },
    '& dd': { margin: 0, overflowWrap: 'anywhere' },
  }),
);

export function AccountDetails({ customer }: { customer: CustomerInfo }) {
  const t = useMessages(accountMessages);
  const mobile = useMobileLayout();
  const { userInfo, companyInfo } = customer;
  const roleKey = roleNameKey(userInfo.role);
  const name = [userInfo.firstName, userInfo.lastName].filter(Boolean).join(' ');
  const role = userInfo.companyRoleName.trim() || (roleKey ? t(roleKey) : '');

  const rows: { label: string; value: string }[] = [
    { label: t('account.field.name'), value: name },
    { label: t('account.field.email'), value: userInfo.email },
    { label: t('account.field.phone'), value: userInfo.phoneNumber },
    { label: t('account.field.company'), value: companyInfo?.companyName ?? '' },
    { label: t('account.field.role'), value: role },
  ];

  return (
    <Card variant="outlined" mobile={mobile}>
      <List mobile={mobile}>
        {rows.map((row) => (
          <div key={row.label}>
            <Typography component="dt">{row.label}</Typography>
            <Typography component="dd" color={row.value ? 'text.primary' : 'text.secondary'}>
              {row.value || t('account.notProvided')}
            </Typography>
          </div>
        ))}
      </List>
    </Card>
  );
}
