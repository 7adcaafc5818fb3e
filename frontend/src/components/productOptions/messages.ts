import { messageNamespace } from '../../lib/i18n/keys';

// Product option fields (business §3 Option). The `error.*` texts are business §5's validation messages, word for
// word in English, plus the server's date and choice messages (pricing/options.py); `{n}` is a limit as
// formatLimit writes it.
export const productOptionMessages = messageNamespace('productOptions.');
