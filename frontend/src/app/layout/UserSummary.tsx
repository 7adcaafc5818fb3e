import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';

import type { CustomerInfo } from '../../lib/user/customerInfo';

const Summary = styled('div')({ minWidth: 0, display: 'flex', flexDirection: 'column', lineHeight: 1.3 });

const Name = styled(Typography)({ fontWeight: 600 });

export function fullName(customer: CustomerInfo): string {
  return [customer.userInfo.firstName, customer.userInfo.lastName].filter(Boolean).join(' ') || customer.userInfo.email;
}

/** Who is signed in: the user's name and, for company users, the company (shell §2 header). */
export function UserSummary({ customer, align = 'right' }: { customer: CustomerInfo; align?: 'left' | 'right' }) {
  return (
    <Summary style={{ textAlign: align }} data-testid="user-summary">
      <Name variant="body2" noWrap>
        {fullName(customer)}
      </Name>
      {customer.companyInfo && (
        <Typography variant="caption" color="text.secondary" noWrap>
          {customer.companyInfo.companyName}
        </Typography>
      )}
    </Summary>
  );
}
