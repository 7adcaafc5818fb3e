import { graphqlOperation } from '../../../lib/graphql';

export interface QuoteSubmitResult {
  quoteId: number;
  number: string;
  status: string;
  accessKey: string | null;
  title: string;
  message: string;
  autoQuoted: boolean;
}

export const QUOTE_DRAFT_SUBMIT = graphqlOperation<{ quoteDraftSubmit: QuoteSubmitResult }, { draftKey: string | null; channelId: number }>(`
  mutation QuoteDraftSubmit($draftKey: String, $channelId: Int!) {
    quoteDraftSubmit(draftKey: $draftKey, channelId: $channelId) { quoteId number status accessKey title message autoQuoted }
  }
`);
