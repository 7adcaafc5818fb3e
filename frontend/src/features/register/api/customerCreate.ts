import { graphqlOperation } from '../../../lib/graphql';
import type { CustomerCreateMutation, CustomerCreateMutationVariables } from '../../../lib/graphqlTypes.generated';

// shell §7 customerCreate: a personal (B2C) account.

export type { CustomerCreateInput } from '../../../lib/graphqlTypes.generated';

export const CUSTOMER_CREATE = graphqlOperation<CustomerCreateMutation, CustomerCreateMutationVariables>(/* GraphQL */ `
  mutation CustomerCreate($customerData: CustomerCreateInput!) {
    customerCreate(customerData: $customerData) {
      customerId
      email
    }
  }
`);
