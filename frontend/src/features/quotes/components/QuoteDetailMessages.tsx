import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { alpha, styled } from '@mui/material/styles';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

import { formatDateTime } from '../../../lib/dates';
import { useLanguage, useMessages } from '../../../lib/i18n/I18nProvider';
import type { QuoteMessage } from '../api/quote';
import { quoteDetailMessages } from '../detailMessages';

/** docs/api.md "Quotes": a message has 1–2,000 characters. */
export const MAX_MESSAGE_LENGTH = 2000;

const Thread = styled('ol')(({ theme }) => ({
  margin: 0,
  padding: theme.spacing(0.5),
  listStyle: 'none',
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(1.5),
  maxHeight: 420,
  overflowY: 'auto',
  '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
}));

const Bubble = styled('li', { shouldForwardProp: (prop) => prop !== 'fromSupplier' })<{ fromSupplier: boolean }>(({ theme, fromSupplier }) => ({
  maxWidth: '85%',
  alignSelf: fromSupplier ? 'flex-start' : 'flex-end',
  padding: theme.spacing(1, 1.5),
  borderRadius: Number(theme.shape.borderRadius) * 2,
  border: `1px solid ${fromSupplier ? theme.palette.divider : alpha(theme.palette.primary.main, 0.3)}`,
  backgroundColor: fromSupplier ? theme.palette.grey[100] : alpha(theme.palette.primary.main, 0.08),
  [fromSupplier ? 'borderTopLeftRadius' : 'borderTopRightRadius']: 2,
}));

const BubbleHead = styled('div')(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: theme.spacing(0, 1),
  marginBottom: theme.spacing(0.5),
}));

const Composer = styled('form')(({ theme }) => ({ display: 'flex', flexDirection: 'column', gap: theme.spacing(1) }));

const ComposerFoot = styled('div')(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: theme.spacing(1),
}));

export interface QuoteDetailMessagesProps {
  messages: readonly QuoteMessage[];
  canMessage: boolean;
  /** The quote has been ordered: the thread is closed (docs/api.md "not on ordered quotes"). */
  ordered: boolean;
  /** Sends a message; resolves with the server's message for the field, or null when it was sent. */
  onSend(message: string): Promise<{ sent: boolean; fieldError?: string }>;
}

/** The thread with the supplier, oldest to newest, and the buyer's reply box. */
export function QuoteDetailMessages({ messages, canMessage, ordered, onSend }: QuoteDetailMessagesProps) {
  const t = useMessages(quoteDetailMessages);
  const language = useLanguage();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const threadRef = useRef<HTMLOListElement>(null);
  const fieldId = useId();
  const counterId = useId();
  const disabledId = useId();

  // Show the newest message: the thread scrolls inside its own box.
  useEffect(() => {
    const thread = threadRef.current;
    if (thread) thread.scrollTop = thread.scrollHeight;
  }, [messages.length]);

  const validate = (value: string): string | null => {
    if (value.trim() === '') return t('quoteDetail.messages.required');
    if (value.length > MAX_MESSAGE_LENGTH) return t('quoteDetail.messages.tooLong', { max: MAX_MESSAGE_LENGTH });
    return null;
  };

  const send = async () => {
    if (!canMessage || sending) return;
    const problem = validate(text);
    setError(problem);
    if (problem) return;
    setSending(true);
    try {
      const result = await onSend(text.trim());
      if (result.sent) setText('');
      else if (result.fieldError) setError(result.fieldError);
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void send();
    }
  };

  const tooLong = text.length > MAX_MESSAGE_LENGTH;
  const explanation = canMessage ? null : ordered ? t('quoteDetail.messages.closedOrdered') : t('quoteDetail.messages.notAllowed');

  return (
    <>
      {messages.length === 0 ? (
        <Typography color="text.secondary">{t('quoteDetail.messages.empty')}</Typography>
      ) : (
        <Thread ref={threadRef} aria-label={t('quoteDetail.messages.thread')} tabIndex={0}>
          {messages.map((message) => (
            <Bubble key={message.id} fromSupplier={message.fromSupplier} data-testid={`quote-message-${message.id}`}>
              <BubbleHead>
                <Typography component="span" variant="subtitle2">
                  {message.authorName || (message.fromSupplier ? t('quoteDetail.messages.supplier') : t('quoteDetail.messages.you'))}
                </Typography>
                <Typography component="span" variant="caption" color={message.fromSupplier ? 'text.secondary' : 'primary.dark'}>
                  {message.fromSupplier ? t('quoteDetail.messages.supplier') : t('quoteDetail.messages.you')}
                </Typography>
                <Typography component="time" variant="caption" color="text.secondary" dateTime={message.createdAt}>
                  {formatDateTime(message.createdAt, language)}
                </Typography>
              </BubbleHead>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {message.message}
              </Typography>
            </Bubble>
          ))}
        </Thread>
      )}
      <Composer
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <TextField
          label={t('quoteDetail.messages.label')}
          multiline
          minRows={3}
          maxRows={10}
          value={text}
          disabled={!canMessage}
          error={error !== null}
          helperText={error ?? t('quoteDetail.messages.shortcut')}
          onChange={(event) => {
            const value = event.target.value;
            setText(value);
            // Too long is said at once; an empty box only after a try to send.
            if (error || value.length > MAX_MESSAGE_LENGTH) setError(validate(value));
          }}
          onKeyDown={onKeyDown}
          id={fieldId}
          slotProps={{
            htmlInput: { 'aria-describedby': [`${fieldId}-helper-text`, counterId, explanation ? disabledId : ''].filter(Boolean).join(' ') },
          }}
        />
        <ComposerFoot>
          <Typography
            id={counterId}
            variant="caption"
            color={tooLong ? 'error' : 'text.secondary'}
            data-testid="quote-message-counter"
          >
            {t('quoteDetail.messages.counter', { count: text.length, max: MAX_MESSAGE_LENGTH })}
          </Typography>
          <Button type="submit" variant="contained" disabled={!canMessage || sending} loading={sending} loadingPosition="start">
            {t('quoteDetail.messages.send')}
          </Button>
        </ComposerFoot>
        {explanation && (
          <Typography id={disabledId} variant="body2" color="text.secondary">
            {explanation}
          </Typography>
        )}
      </Composer>
    </>
  );
}
