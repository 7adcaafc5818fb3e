import { messageNamespace } from '../../lib/i18n/keys';

// Quick order (issue 19, shell §2 /purchased-products): the products the caller (or the company) has bought, the
// quick order pad with its row errors, the add-to-list dialog and what adding to the cart did.
export const quickOrderMessages = messageNamespace('quickOrder.');
