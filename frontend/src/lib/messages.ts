import { messageNamespace } from './i18n/keys';

// Texts shared by every domain (failures that are not any one feature's).
export const commonMessages = messageNamespace('error.', 'validation.password.');

// The server's field errors by code (`fieldError.<code>`; lib/fieldErrors.ts).
export const fieldErrorMessages = messageNamespace('fieldError.');
