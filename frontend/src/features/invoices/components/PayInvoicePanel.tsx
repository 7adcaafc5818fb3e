import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useRef, useState, type FormEvent } from 'react';

import { useMessages } from '../../../lib/i18n/I18nProvider';
import { useFormatMoney } from '../../../lib/money';
import { fromMinorUnits, payAmountProblem, payAmountValue, toMinorUnits } from '../invoiceRules';
import { invoicesMessages } from '../messages';
import { useInvoicePayment } from '../useInvoicePayment';
import { usePayAmountText } from '../usePayAmountText';

const Form = styled('form')(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  gap: theme.spacing(1.5, 2),
  '& > .MuiTextField-root': { flex: '0 1 220px' },
  [theme.breakpoints.down('sm')]: { '& > *': { flex: '1 1 100%' }, '& > .MuiTextField-root': { flex: '1 1 100%' } },
}));

/** An invoice as far as paying it needs. */
export interface PayableInvoice {
  id: string;
  invoiceNumber: string;
  openBalance: { code: string; value: string };
  pendingPaymentCount: number;
}

/**
 * Paying one invoice (business §4 "Pay-invoice flow"): the amount, the open balance at first — a part of it may be
 * paid, never more (two decimals) — then off to the checkout.
 */
export function PayInvoicePanel({ invoice }: { invoice: PayableInvoice }) {
  const t = useMessages(invoicesMessages);
  const formatMoney = useFormatMoney();
  const amountText = usePayAmountText();
  const payment = useInvoicePayment();
  const full = toMinorUnits(invoice.openBalance.value);
  const [amount, setAmount] = useState(full === null ? invoice.openBalance.value : fromMinorUnits(full));
  const [touched, setTouched] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const problem = payAmountProblem(amount, invoice.openBalance.value);
  const error = payment.lineProblems[invoice.id] ?? (touched ? amountText(problem, invoice.openBalance) : null);
  const value = payAmountValue(amount, invoice.openBalance.value);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (value === null) {
      input.current?.focus();
      return;
    }
    void payment.pay([{ invoiceId: invoice.id, amount: value }], invoice.openBalance.code);
  };

  return (
    <>
      {invoice.pendingPaymentCount > 0 && <Alert severity="info">{t('invoices.pay.pending')}</Alert>}
      <Typography color="text.secondary">{t('invoices.pay.hint', { amount: formatMoney(invoice.openBalance.value, invoice.openBalance.code) })}</Typography>
      <Form onSubmit={submit} noValidate aria-label={t('invoices.pay.formLabel', { number: invoice.invoiceNumber })}>
        <TextField
          size="small"
          label={t('invoices.pay.amountLabel')}
          value={amount}
          inputRef={input}
          onChange={(event) => {
            payment.clearLineProblem(invoice.id);
            setAmount(event.target.value);
          }}
          onBlur={() => setTouched(true)}
          error={error !== null}
          helperText={error ?? undefined}
          slotProps={{
            htmlInput: { inputMode: 'decimal', maxLength: 16 },
            input: { endAdornment: <InputAdornment position="end">{invoice.openBalance.code}</InputAdornment> },
          }}
        />
        <Button type="submit" variant="contained" loading={payment.busy} disabled={payment.busy} sx={{ minHeight: 40 }}>
          {value === null ? t('invoices.pay.button') : t('invoices.pay.buttonAmount', { amount: formatMoney(value, invoice.openBalance.code) })}
        </Button>
      </Form>
    </>
  );
}
