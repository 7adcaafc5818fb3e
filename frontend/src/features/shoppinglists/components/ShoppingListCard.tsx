import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';

import { CardActions, CardDeleteButton, CardFacts, CardFrame, CardHead, CardTitle } from '../../../components/CardParts';
import { useCompanyColumn } from '../../../components/companyUnits/useCompanyFilter';
import { formatDateTime } from '../../../lib/dates';
import { useLanguage, useMessages } from '../../../lib/i18n/I18nProvider';
import { makerName, type ShoppingListCard as Card } from '../api/shoppingListFields';
import { shoppingListsMessages } from '../messages';
import { shoppingListPath } from '../shoppingListPaths';
import { ShoppingListStatusChip } from './ShoppingListStatusChip';

// A long description shows its first three lines; the list's page shows all of it.
const Description = styled(Typography)({
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  overflowWrap: 'anywhere',
}) as typeof Typography;

export interface ShoppingListCardProps {
  list: Card;
  /** A company's lists have statuses and makers; an individual customer's are all their own and approved. */
  company: boolean;
  /** The lists page's location, so that the list's page can lead back to it as it was. */
  listsHref: string;
  busy: boolean;
  onEdit(): void;
  onDuplicate(): void;
  onDelete(): void;
}

/**
 * One list of the lists page (issue 18): its name (the way to its page), status, description, who made it, how many
 * products it holds and its last activity, and the actions the server says the caller may take on it now.
 */
export function ShoppingListCard({ list, company, listsHref, busy, onEdit, onDuplicate, onDelete }: ShoppingListCardProps) {
  const t = useMessages(shoppingListsMessages);
  const language = useLanguage();
  const titleId = useId();
  const actions = list.canEdit || list.canDuplicate || list.canDelete;
  // Issue 40: the unit whose list it is, when a company's lists span the units below the caller's.
  const unit = useCompanyColumn<Card>((row) => row.companyName);
  return (
    <CardFrame variant="outlined" component="article" aria-labelledby={titleId} data-testid={`shopping-list-card-${list.id}`}>
      <CardHead>
        <CardTitle variant="h3" component="h2" id={titleId}>
          <Link component={RouterLink} to={shoppingListPath(list.id)} state={{ shoppingLists: listsHref }}>
            {list.name}
          </Link>
        </CardTitle>
        {company && <ShoppingListStatusChip status={list.status} label={list.statusLabel} />}
      </CardHead>
      {list.description ? (
        <Description variant="body2">{list.description}</Description>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('shoppingLists.card.noDescription')}
        </Typography>
      )}
      {company && list.status === 50 && list.reason && (
        <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
          {t('shoppingLists.card.rejectedBecause', { reason: list.reason })}
        </Typography>
      )}
      <CardFacts>
        {company && unit && (
          <div>
            <dt>{unit.header}</dt>
            <dd>{unit.cell(list)}</dd>
          </div>
        )}
        {company && (
          <div>
            <dt>{t('shoppingLists.card.createdBy')}</dt>
            <dd>{list.customerInfo ? makerName(list.customerInfo) : t('shoppingLists.formerUser')}</dd>
          </div>
        )}
        <div>
          <dt>{t('shoppingLists.card.products')}</dt>
          <dd>{t('shoppingLists.card.productCount', { count: list.itemCount })}</dd>
        </div>
        <div>
          <dt>{t('shoppingLists.card.lastActivity')}</dt>
          <dd>
            <time dateTime={list.updatedAt}>{formatDateTime(list.updatedAt, language)}</time>
          </dd>
        </div>
      </CardFacts>
      {actions && (
        <CardActions>
          {list.canEdit && (
            <Button size="small" variant="outlined" disabled={busy} onClick={onEdit} aria-label={t('shoppingLists.action.editNamed', { name: list.name })}>
              {t('shoppingLists.action.edit')}
            </Button>
          )}
          {list.canDuplicate && (
            <Button size="small" disabled={busy} onClick={onDuplicate} aria-label={t('shoppingLists.action.duplicateNamed', { name: list.name })}>
              {t('shoppingLists.action.duplicate')}
            </Button>
          )}
          {list.canDelete && (
            <CardDeleteButton size="small" color="error" disabled={busy} onClick={onDelete} aria-label={t('shoppingLists.action.deleteNamed', { name: list.name })}>
              {t('shoppingLists.action.delete')}
            </CardDeleteButton>
          )}
        </CardActions>
      )}
    </CardFrame>
  );
}
