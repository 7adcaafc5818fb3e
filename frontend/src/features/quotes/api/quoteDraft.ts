import { graphqlOperation } from '../../../lib/graphql';
import { QUOTE_DRAFT_FIELDS, type QuoteDraft } from './draftFields';

export const QUOTE_DRAFT = graphqlOperation<{ quoteDraft: QuoteDraft }, { draftKey: string | null }>(`
  query QuoteDraft($draftKey: String) {
    quoteDraft(draftKey: $draftKey) {${QUOTE_DRAFT_FIELDS}}
  }
`);
