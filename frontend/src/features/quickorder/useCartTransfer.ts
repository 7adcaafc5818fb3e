import { useState, type ReactNode } from 'react';

import { toast } from '../../components/toast/toastStore';
import type { TransferItem, TransferReport } from '../../components/transferReport/TransferReportDialog';
import { useErrorText } from '../../lib/errorText';
import { useGraphQLClient } from '../../lib/GraphQLClientProvider';
import { addLinesToCart, type CartLine, type CartTransferResult } from './cartTransfer';

const item = (line: CartLine, code: string | null = null, reason: string | null = null): TransferItem => ({
  key: line.key,
  sku: line.sku,
  name: line.name,
  quantity: line.quantity,
  code,
  reason,
});

/** The report of what went into the cart: the lines added, and each line the cart refused with its reason. */
export function cartReport(result: CartTransferResult, extra: { notAdded?: readonly TransferItem[]; cartNote?: ReactNode } = {}): TransferReport {
  return {
    target: 'cart',
    added: result.added.map((line) => item(line)),
    notAdded: [...result.notAdded.map(({ line, code, reason }) => item(line, code, reason)), ...(extra.notAdded ?? [])],
    cartNote: extra.cartNote,
  };
}

/**
 * Adding to the storefront cart with the shared report (components/transferReport): `add` resolves with what the
 * cart did, or null when the whole request was refused (a toast says why, nothing was added).
 */
export function useCartTransfer() {
  const client = useGraphQLClient();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<TransferReport | null>(null);

  const add = async (lines: readonly CartLine[]): Promise<CartTransferResult | null> => {
    setBusy(true);
    try {
      return await addLinesToCart(client, lines);
    } catch (error) {
      toast.error(errorText(error));
      return null;
    } finally {
      setBusy(false);
    }
  };

  return { busy, add, report, showReport: setReport, closeReport: () => setReport(null) };
}
