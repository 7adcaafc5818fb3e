import { messageNamespace } from '../../lib/i18n/keys';

// shell §2: title 'Sign In', button 'SIGN IN', the 'New Customer?' panel and its five benefits.
export const authMessages = messageNamespace('login.', 'newCustomer.', 'forgot.');
