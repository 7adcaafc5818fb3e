import { graphqlOperation } from '../../../lib/graphql';
import { QUOTE_MESSAGE_FIELDS, type QuoteMessage } from './quote';

export const QUOTE_MESSAGE_CREATE = graphqlOperation<
  { quoteMessageCreate: { message: QuoteMessage } },
  { id: string; message: string; accessKey: string | null }
>(`
  mutation QuoteMessageCreate($id: ID!, $message: String!, $accessKey: String) {
    quoteMessageCreate(id: $id, message: $message, accessKey: $accessKey) { message { ${QUOTE_MESSAGE_FIELDS} } }
  }
`);
