import { graphqlOperation } from '../../../lib/graphql';
import type { CustomerSubscribersCreateMutation, CustomerSubscribersCreateMutationVariables } from '../../../lib/graphqlTypes.generated';

// shell §7 customerSubscribersCreate: the newsletter.

export type { CustomerSubscriberInput } from '../../../lib/graphqlTypes.generated';

export const CUSTOMER_SUBSCRIBERS_CREATE = graphqlOperation<CustomerSubscribersCreateMutation, CustomerSubscribersCreateMutationVariables>(/* GraphQL */ `
  mutation CustomerSubscribersCreate($subscriberData: CustomerSubscriberInput!) {
    customerSubscribersCreate(subscriberData: $subscriberData) {
      email
      subscribed
    }
  }
`);
