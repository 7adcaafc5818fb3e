import { graphqlOperation } from '../../../lib/graphql';

// shell §7 customerSubscribersCreate: the newsletter.

export interface CustomerSubscriberInput {
  email: string;
  firstName: string;
  lastName: string;
  channelId: number;
}

export const CUSTOMER_SUBSCRIBERS_CREATE = graphqlOperation<
  { customerSubscribersCreate: { email: string; subscribed: boolean } },
  { subscriberData: CustomerSubscriberInput }
>(`
  mutation CustomerSubscribersCreate($subscriberData: CustomerSubscriberInput!) {
    customerSubscribersCreate(subscriberData: $subscriberData) {
      email
      subscribed
    }
  }
`);
