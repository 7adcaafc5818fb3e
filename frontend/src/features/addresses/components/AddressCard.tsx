import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { styled } from '@mui/material/styles';
import { useId, useState } from 'react';

import { CardActions, CardDeleteButton, CardFacts, CardFrame, CardHead, CardTitle } from '../../../components/CardParts';
import { useCompanyColumn } from '../../../components/companyUnits/useCompanyFilter';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import type { BookAddress } from '../api/addressFields';
import type { AddressDefaultKind } from '../api/addressMutations';
import type { AddressExtraFieldDefinition } from '../api/addressFormFields';
import { addressMessages } from '../messages';

const Badges = styled('div')(({ theme }) => ({ display: 'flex', flexWrap: 'wrap', gap: theme.spacing(0.75) }));

const Lines = styled('address')(({ theme }) => ({
  ...theme.typography.body2,
  fontStyle: 'normal',
  overflowWrap: 'anywhere',
  flexGrow: 1,
  '& span': { display: 'block' },
}));

export interface AddressCardProps {
  address: BookAddress;
  /** The store's custom address fields, to label the answers. */
  extraFields: readonly AddressExtraFieldDefinition[];
  canEdit: boolean;
  canDelete: boolean;
  canSetDefault: boolean;
  busy: boolean;
  onEdit(): void;
  onDelete(): void;
  onSetDefault(kind: AddressDefaultKind): void;
}

export function addressName(address: Pick<BookAddress, 'firstName' | 'lastName'>): string {
  return `${address.firstName} ${address.lastName}`.trim();
}

/** What names the address on its card and in the dialogs: its label, else the person's name. */
export function addressTitle(address: BookAddress): string {
  return address.label || addressName(address);
}

/**
 * One address of the book: its label (or name), what it is used for, its postal lines, phone and custom answers,
 * and the actions the caller may take on it.
 */
export function AddressCard({ address, extraFields, canEdit, canDelete, canSetDefault, busy, onEdit, onDelete, onSetDefault }: AddressCardProps) {
  const t = useMessages(addressMessages);
  const titleId = useId();
  const menuId = useId();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const title = addressTitle(address);
  // Issue 40: the unit whose book holds it, when the book spans the units below the caller's.
  const company = useCompanyColumn<BookAddress>((row) => row.unitName);
  // The postal lines start with the person's name: the title already says it when there is no label.
  const lines = address.label ? address.postalLines : address.postalLines.slice(1);
  const answers = address.extraFields
    .filter((answer) => answer.fieldValue !== '')
    .map((answer) => {
      const field = extraFields.find((candidate) => candidate.fieldName === answer.fieldName);
      const shown = field?.fieldType === 'checkbox' ? (answer.fieldValue === '1' ? t('addresses.card.yes') : t('addresses.card.no')) : answer.fieldValue;
      return { name: answer.fieldName, label: field?.labelName ?? answer.fieldName, value: shown };
    });
  const settable = (['SHIPPING', 'BILLING'] as const).filter((kind) => (kind === 'SHIPPING' ? !address.isDefaultShipping : !address.isDefaultBilling));
  const showSetDefault = canSetDefault && settable.length > 0;

  const choose = (kind: AddressDefaultKind) => {
    setMenuAnchor(null);
    onSetDefault(kind);
  };

  return (
    <CardFrame variant="outlined" component="article" aria-labelledby={titleId}>
      <CardHead>
        <CardTitle variant="h3" id={titleId}>
          {title}
        </CardTitle>
      </CardHead>
      <Badges>
        {address.isDefaultShipping && <Chip size="small" color="primary" label={t('addresses.badge.defaultShipping')} />}
        {address.isDefaultBilling && <Chip size="small" color="primary" label={t('addresses.badge.defaultBilling')} />}
        {address.isShipping && !address.isDefaultShipping && <Chip size="small" variant="outlined" label={t('addresses.badge.shipping')} />}
        {address.isBilling && !address.isDefaultBilling && <Chip size="small" variant="outlined" label={t('addresses.badge.billing')} />}
        {/* Issue 40: a unit above shares it; it is changed there, so the card offers no action on it. */}
        {address.isInherited && (
          <Chip
            size="small"
            variant="outlined"
            label={address.inheritedFrom ? t('addresses.badge.sharedBy', { unit: address.inheritedFrom }) : t('addresses.badge.shared')}
          />
        )}
      </Badges>
      <Lines>
        {lines.map((line, index) => (
          <span key={index}>{line}</span>
        ))}
      </Lines>
      {(company || address.phoneNumber || answers.length > 0) && (
        <CardFacts>
          {company && (
            <div>
              <dt>{company.header}</dt>
              <dd>{company.cell(address)}</dd>
            </div>
          )}
          {address.phoneNumber && (
            <div>
              <dt>{t('addresses.card.phone')}</dt>
              <dd>{address.phoneNumber}</dd>
            </div>
          )}
          {answers.map((answer) => (
            <div key={answer.name}>
              <dt>{answer.label}</dt>
              <dd>{answer.value}</dd>
            </div>
          ))}
        </CardFacts>
      )}
      {(canEdit || canDelete || showSetDefault) && (
        <CardActions>
          {canEdit && (
            <Button size="small" variant="outlined" disabled={busy} onClick={onEdit} aria-label={t('addresses.action.editNamed', { name: title })}>
              {t('addresses.action.edit')}
            </Button>
          )}
          {showSetDefault && (
            <>
              <Button
                size="small"
                disabled={busy}
                aria-haspopup="menu"
                aria-controls={menuAnchor ? menuId : undefined}
                aria-expanded={menuAnchor ? true : undefined}
                aria-label={t('addresses.action.setDefaultNamed', { name: title })}
                onClick={(event) => setMenuAnchor(event.currentTarget)}
              >
                {t('addresses.action.setDefault')}
              </Button>
              <Menu id={menuId} anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
                {settable.map((kind) => (
                  <MenuItem key={kind} onClick={() => choose(kind)}>
                    {t(kind === 'SHIPPING' ? 'addresses.action.defaultShipping' : 'addresses.action.defaultBilling')}
                  </MenuItem>
                ))}
              </Menu>
            </>
          )}
          {canDelete && (
            <CardDeleteButton size="small" color="error" disabled={busy} onClick={onDelete} aria-label={t('addresses.action.deleteNamed', { name: title })}>
              {t('addresses.action.delete')}
            </CardDeleteButton>
          )}
        </CardActions>
      )}
    </CardFrame>
  );
}
