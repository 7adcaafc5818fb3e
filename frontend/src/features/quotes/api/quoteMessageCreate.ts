import { graphqlOperation } from '../../../lib/graphql';
import type { QuoteMessageCreateMutation, QuoteMessageCreateMutationVariables } from '../../../lib/graphqlTypes.generated';
import { QUOTE_MESSAGE_FIELDS } from './quote';

export const QUOTE_MESSAGE_CREATE = graphqlOperation<QuoteMessageCreateMutation, QuoteMessageCreateMutationVariables>(/* GraphQL */ `
  mutation QuoteMessageCreate($id: ID!, $message: String!, $accessKey: String) {
    quoteMessageCreate(id: $id, message: $message, accessKey: $accessKey) { message { ...QuoteMessageFields } }
  }
  ${QUOTE_MESSAGE_FIELDS}
`);
