import { graphqlOperation } from '../../../lib/graphql';
import { QUOTE_DRAFT_PAYLOAD_FIELDS, type QuoteDraftPayload } from './draftFields';

export const QUOTE_DRAFT_REMOVE_FILE = graphqlOperation<{ quoteDraftRemoveFile: QuoteDraftPayload }, { draftKey: string | null; fileId: number }>(`
  mutation QuoteDraftRemoveFile($draftKey: String, $fileId: Int!) {
    quoteDraftRemoveFile(draftKey: $draftKey, fileId: $fileId) {${QUOTE_DRAFT_PAYLOAD_FIELDS}}
  }
`);
