import { graphqlOperation } from '../../../lib/graphql';
import type { ExtraFieldInput } from './companyCreate';

// shell §7 customerCreate: a personal (B2C) account.

export interface CustomerCreateInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  phoneNumber: string;
  acceptsMarketing: boolean;
  userExtraFields: ExtraFieldInput[];
  channelId: number;
}

export const CUSTOMER_CREATE = graphqlOperation<{ customerCreate: { customerId: number; email: string } }, { customerData: CustomerCreateInput }>(`
  mutation CustomerCreate($customerData: CustomerCreateInput!) {
    customerCreate(customerData: $customerData) {
      customerId
      email
    }
  }
`);
