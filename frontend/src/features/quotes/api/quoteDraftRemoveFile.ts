import { graphqlOperation } from '../../../lib/graphql';
import type { QuoteDraftRemoveFileMutation, QuoteDraftRemoveFileMutationVariables } from '../../../lib/graphqlTypes.generated';
import { QUOTE_DRAFT_PAYLOAD_FIELDS } from './draftFields';

export const QUOTE_DRAFT_REMOVE_FILE = graphqlOperation<QuoteDraftRemoveFileMutation, QuoteDraftRemoveFileMutationVariables>(/* GraphQL */ `
  mutation QuoteDraftRemoveFile($draftKey: String, $fileId: Int!) {
    quoteDraftRemoveFile(draftKey: $draftKey, fileId: $fileId) {
      ...QuoteDraftPayloadFields
    }
  }
  ${QUOTE_DRAFT_PAYLOAD_FIELDS}
`);
