import { messageNamespace } from '../../lib/i18n/keys';

// Registration, B2B conversion and their finish texts (shell §8: pending, check your email).
export const registerMessages = messageNamespace('register.', 'validation.', 'upload.', 'finish.', 'convert.');
