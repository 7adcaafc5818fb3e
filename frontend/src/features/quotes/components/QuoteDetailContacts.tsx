import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import type { ReactNode } from 'react';

import { useMessages } from '../../../lib/i18n/I18nProvider';
import type { QuoteAddress } from '../api/draftFields';
import type { QuoteDetail } from '../api/quote';
import { quoteDetailMessages } from '../detailMessages';

const Blocks = styled('div')(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
  gap: theme.spacing(3),
}));

const Lines = styled('address')(({ theme }) => ({
  ...theme.typography.body2,
  fontStyle: 'normal',
  overflowWrap: 'anywhere',
  '& > span': { display: 'block' },
}));

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        {title}
      </Typography>
      {children}
    </div>
  );
}

function addressLines(address: QuoteAddress): string[] {
  const name = [address.firstName, address.lastName].filter(Boolean).join(' ');
  const street = [address.address, address.apartment].filter(Boolean).join(', ');
  const city = [address.city, [address.state, address.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [address.label, name, address.companyName, street, city, address.country, address.phoneNumber].filter((line) => line.trim() !== '');
}

function AddressBlock({ title, address }: { title: string; address: QuoteAddress }) {
  const t = useMessages(quoteDetailMessages);
  const lines = addressLines(address);
  return (
    <Block title={title}>
      {lines.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('quoteDetail.none')}
        </Typography>
      ) : (
        <Lines>
          {lines.map((line, index) => (
            <span key={index}>{line}</span>
          ))}
        </Lines>
      )}
    </Block>
  );
}

/** Who asked for the quote and where it goes: contact, shipping and billing addresses, the buyer's note. */
export function QuoteDetailContacts({ quote }: { quote: QuoteDetail }) {
  const t = useMessages(quoteDetailMessages);
  const { contactInfo } = quote;
  return (
    <Blocks>
      <Block title={t('quoteDetail.contact.title')}>
        <Lines>
          {contactInfo.name && <span>{contactInfo.name}</span>}
          {contactInfo.companyName && <span>{contactInfo.companyName}</span>}
          {contactInfo.email && (
            <span>
              <Link href={`mailto:${contactInfo.email}`}>{contactInfo.email}</Link>
            </span>
          )}
          {contactInfo.phoneNumber && <span>{contactInfo.phoneNumber}</span>}
        </Lines>
      </Block>
      <AddressBlock title={t('quoteDetail.shipping.title')} address={quote.shippingAddress} />
      <AddressBlock title={t('quoteDetail.billing.title')} address={quote.billingAddress} />
      <Block title={t('quoteDetail.note.title')}>
        {quote.note.trim() ? (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="quote-note">
            {quote.note}
          </Typography>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('quoteDetail.none')}
          </Typography>
        )}
      </Block>
    </Blocks>
  );
}
