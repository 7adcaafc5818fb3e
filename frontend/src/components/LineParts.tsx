import Paper from '@mui/material/Paper';
import TableCell from '@mui/material/TableCell';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';

// The parts of an order's lines (an order, a purchase request) on the mobile layout (shell §2, 750 px): a list of
// outlined cards, each with its product and its figures as label / value pairs; and, on every layout, what a
// product's name is followed by (its SKU and options) and how a line's unit price and total show.

export const LineCardList = styled('ul')(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(1.5),
}));

export const LineCard = styled(Paper)(({ theme }) => ({ padding: theme.spacing(1.5, 2), display: 'flex', flexDirection: 'column', gap: theme.spacing(1) }));

/** Label / value pairs, the values right-aligned; a pair of the class `total` in bold. */
export const LineCardFacts = styled('dl')(({ theme }) => ({
  margin: 0,
  display: 'grid',
  gridTemplateColumns: 'minmax(7em, auto) 1fr',
  columnGap: theme.spacing(2),
  rowGap: theme.spacing(0.5),
  '& dt': { ...theme.typography.body2, color: theme.palette.text.secondary },
  '& dd': { ...theme.typography.body2, margin: 0, textAlign: 'right' },
  '& .total': { fontWeight: 700 },
}));

/** Under a line's product name: its SKU (`skuText`, the translated "SKU: …") and the options chosen, one a line. */
export function LineProductDetails({ skuText, options }: { skuText: string; options: readonly { name: string; value: string }[] }) {
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {skuText}
      </Typography>
      {options.map((option) => (
        <Typography key={`${option.name}:${option.value}`} variant="body2" color="text.secondary">
          {option.name}: {option.value}
        </Typography>
      ))}
    </>
  );
}

interface LineAmounts {
  /** The amounts, formatted. */
  unitPrice: string;
  lineTotal: string;
}

/** A line's unit price and total, the total in bold: the last facts of its card (inside LineCardFacts). */
export function LineAmountFacts({ unitPrice, lineTotal, unitPriceLabel, lineTotalLabel }: LineAmounts & { unitPriceLabel: string; lineTotalLabel: string }) {
  return (
    <>
      <dt>{unitPriceLabel}</dt>
      <dd>{unitPrice}</dd>
      <dt>{lineTotalLabel}</dt>
      <dd>
        <strong>{lineTotal}</strong>
      </dd>
    </>
  );
}

/** A line's unit price and total, the total in bold: the last cells of its table row. */
export function LineAmountCells({ unitPrice, lineTotal }: LineAmounts) {
  return (
    <>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {unitPrice}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
        {lineTotal}
      </TableCell>
    </>
  );
}
