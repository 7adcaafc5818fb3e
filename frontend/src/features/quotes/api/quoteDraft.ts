import { graphqlOperation } from '../../../lib/graphql';
import type { QuoteDraftQuery, QuoteDraftQueryVariables } from '../../../lib/graphqlTypes.generated';
import { QUOTE_DRAFT_FIELDS } from './draftFields';

export const QUOTE_DRAFT = graphqlOperation<QuoteDraftQuery, QuoteDraftQueryVariables>(/* GraphQL */ `
  query QuoteDraft($draftKey: String) {
    quoteDraft(draftKey: $draftKey) {
      ...QuoteDraftFields
    }
  }
  ${QUOTE_DRAFT_FIELDS}
`);
