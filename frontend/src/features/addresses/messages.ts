import { messageNamespace } from '../../lib/i18n/keys';

// The address book page (issue 16): list, filters, cards, the add / edit dialog and its checks.
export const addressMessages = messageNamespace('addresses.');
