import { graphqlOperation } from '../../../lib/graphql';
import type { QuoteDraftSubmitMutation, QuoteDraftSubmitMutationVariables } from '../../../lib/graphqlTypes.generated';

export const QUOTE_DRAFT_SUBMIT = graphqlOperation<QuoteDraftSubmitMutation, QuoteDraftSubmitMutationVariables>(/* GraphQL */ `
  mutation QuoteDraftSubmit($draftKey: String, $channelId: Int!) {
    quoteDraftSubmit(draftKey: $draftKey, channelId: $channelId) { quoteId number status accessKey title message autoQuoted }
  }
`);

export type QuoteSubmitResult = QuoteDraftSubmitMutation['quoteDraftSubmit'];
