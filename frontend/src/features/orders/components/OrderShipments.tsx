import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useId } from 'react';

import { formatDate, formatDateTime } from '../../../lib/dates';
import { useLanguage, useMessages } from '../../../lib/i18n/I18nProvider';
import type { OrderDetail, OrderShipment, OrderShipmentLine } from '../api/order';
import { ordersMessages } from '../messages';
import { Fact, FactList } from '../../../components/PageSection';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import type { OpenDocument } from './documentLinks';

const Shipment = styled('article')(({ theme }) => ({
  borderTop: `1px solid ${theme.palette.divider}`,
  paddingTop: theme.spacing(2),
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(1.5),
  '&:first-of-type': { borderTop: 'none', paddingTop: 0 },
}));

const ShippedLines = styled('ul')(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  border: `1px solid ${theme.palette.divider}`,
  borderRadius: theme.shape.borderRadius,
  '& > li': {
    display: 'grid',
    // The same tracks in every row (each row is a grid of its own), so that lots and certificates line up.
    gridTemplateColumns: 'minmax(0, 5fr) minmax(0, 4fr) minmax(0, 3fr)',
    alignItems: 'center',
    gap: theme.spacing(0.5, 2),
    padding: theme.spacing(1.25, 2),
    borderTop: `1px solid ${theme.palette.divider}`,
    '& > div:last-of-type': { justifySelf: 'end', textAlign: 'right' },
    [theme.breakpoints.down('sm')]: { gridTemplateColumns: 'minmax(0, 1fr)', '& > div:last-of-type': { justifySelf: 'start', textAlign: 'left' } },
  },
  '& > li:first-of-type': { borderTop: 'none' },
}));

function ShippedLine({ shipment, line, onOpenDocument }: { shipment: OrderShipment; line: OrderShipmentLine; onOpenDocument: OpenDocument }) {
  const t = useMessages(ordersMessages);
  const language = useLanguage();
  return (
    <li data-testid={`shipment-line-${line.id}`}>
      <div>
        <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
          {t('orders.shipments.lineQuantity', { quantity: line.quantity, name: line.name })}
        </Typography>
        <Typography component="span" variant="body2" color="text.secondary">
          {t('orders.lines.sku', { sku: line.sku })}
        </Typography>
      </div>
      <div>
        {line.lotNumber ? (
          <>
            <Typography component="span" variant="body2" sx={{ display: 'block' }}>
              {t('orders.shipments.lot', { lot: line.lotNumber })}
            </Typography>
            {line.lotExpiresOn && (
              <Typography component="span" variant="body2" color="text.secondary">
                {t('orders.shipments.lotExpires', { date: formatDate(line.lotExpiresOn, language) })}
              </Typography>
            )}
          </>
        ) : (
          <Typography component="span" variant="body2" color="text.secondary">
            {t('orders.shipments.noLot')}
          </Typography>
        )}
      </div>
      <div>
        {line.certificateUrl ? (
          <Link
            href={line.certificateUrl}
            variant="body2"
            aria-label={t('orders.shipments.certificateLabel', { lot: line.lotNumber ?? '', name: line.name })}
            onClick={(event) =>
              onOpenDocument(
                event,
                (order) =>
                  order.shipments.find((item) => item.id === shipment.id)?.lines.find((item) => item.id === line.id)?.certificateUrl ?? null,
              )
            }
          >
            {t('orders.shipments.certificate')}
          </Link>
        ) : (
          line.lotNumber && (
            <Typography component="span" variant="body2" color="text.secondary">
              {t('orders.shipments.noCertificate')}
            </Typography>
          )
        )}
      </div>
    </li>
  );
}

function ShipmentBlock({ shipment, index, count, onOpenDocument }: { shipment: OrderShipment; index: number; count: number; onOpenDocument: OpenDocument }) {
  const t = useMessages(ordersMessages);
  const language = useLanguage();
  const headingId = useId();
  const courier = shipment.courierName || shipment.carrier;
  return (
    <Shipment aria-labelledby={headingId} data-testid={`shipment-${shipment.id}`}>
      <Typography variant="h3" id={headingId}>
        {t('orders.shipments.title', { index: index + 1, count, date: formatDate(shipment.shippedAt, language) })}
      </Typography>
      <FactList>
        <Fact label={t('orders.shipments.carrier')}>{courier || t('orders.shipments.unknownCarrier')}</Fact>
        <Fact label={t('orders.shipments.trackingNumber')} testId={`shipment-tracking-${shipment.id}`}>
          {shipment.trackingNumber ? (
            shipment.trackingUrl ? (
              <Link href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
                {shipment.trackingNumber} <VisuallyHidden>{t('orders.newTab')}</VisuallyHidden>
              </Link>
            ) : (
              <span>{shipment.trackingNumber}</span>
            )
          ) : (
            <Typography component="span" color="text.secondary">
              {t('orders.shipments.noTracking')}
            </Typography>
          )}
        </Fact>
        <Fact label={t('orders.shipments.shippedOn')}>
          <time dateTime={shipment.shippedAt}>{formatDateTime(shipment.shippedAt, language)}</time>
        </Fact>
        {shipment.comment && <Fact label={t('orders.shipments.comment')}>{shipment.comment}</Fact>}
      </FactList>
      <ShippedLines aria-label={t('orders.shipments.linesLabel', { index: index + 1 })}>
        {shipment.lines.map((line) => (
          <ShippedLine key={line.id} shipment={shipment} line={line} onOpenDocument={onOpenDocument} />
        ))}
      </ShippedLines>
    </Shipment>
  );
}

/**
 * The parcels sent, oldest first: the courier, the tracking number linked to the carrier's tracking page (a new
 * tab), what went in each with its lot and the lot's certificate of analysis.
 */
export function OrderShipments({ order, onOpenDocument }: { order: OrderDetail; onOpenDocument: OpenDocument }) {
  const t = useMessages(ordersMessages);
  if (order.shipments.length === 0) {
    return (
      <Typography color="text.secondary" data-testid="order-no-shipments">
        {order.status === 'cancelled' ? t('orders.shipments.noneCancelled') : t('orders.shipments.none')}
      </Typography>
    );
  }
  return (
    <>
      {order.shipments.map((shipment, index) => (
        <ShipmentBlock key={shipment.id} shipment={shipment} index={index} count={order.shipments.length} onOpenDocument={onOpenDocument} />
      ))}
    </>
  );
}

const Remaining = styled('ul')(({ theme }) => ({
  margin: 0,
  paddingLeft: theme.spacing(2.5),
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(0.5),
}));

/** What has not left yet: each line's quantity still to ship. Nothing while every line has shipped. */
export function OrderUnshipped({ order }: { order: OrderDetail }) {
  const t = useMessages(ordersMessages);
  const remaining = order.lines.filter((line) => line.unshippedQuantity > 0);
  return (
    <Remaining aria-label={t('orders.section.unshipped')} data-testid="order-unshipped">
      {remaining.map((line) => (
        <li key={line.id}>
          <Typography component="span">{t('orders.shipments.lineQuantity', { quantity: line.unshippedQuantity, name: line.name })}</Typography>{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            {t('orders.unshipped.ofOrdered', { sku: line.sku, quantity: line.quantity })}
          </Typography>
        </li>
      ))}
    </Remaining>
  );
}
