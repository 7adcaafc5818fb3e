import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { styled } from '@mui/material/styles';
import { NavLink } from 'react-router';

import { VisuallyHidden } from '../../components/VisuallyHidden';
import { usePurchaseRequestInboxCount } from '../../lib/approvalsInbox';
import { useMessages } from '../../lib/i18n/I18nProvider';
import { ROUTE_PATHS } from '../../lib/routePaths';
import type { PortalRoute } from '../routeTable';
import { appMessages } from '../messages';

// The count of requests awaiting the user's approval, beside the Approvals entry (issue 41).
const CountBadge = styled('span')(({ theme }) => ({
  minWidth: 22,
  height: 22,
  padding: theme.spacing(0, 0.75),
  borderRadius: 11,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  ...theme.typography.caption,
  fontWeight: 700,
  backgroundColor: theme.palette.error.main,
  color: theme.palette.error.contrastText,
}));

export interface PortalMenuProps {
  routes: readonly PortalRoute[];
  /** Called after an entry is chosen (the mobile drawer closes). */
  onNavigate?(): void;
}

/**
 * shell §2/§6: the menu entries the user may open, as links (the current one is marked aria-current). Each link
 * sits in its own list item: a `<ul>` may hold only `<li>` children (axe `list`, issue 15). The Approvals entry
 * carries the number of requests awaiting the user's approval, when there are any.
 */
export function PortalMenu({ routes, onNavigate }: PortalMenuProps) {
  const t = useMessages(appMessages);
  const inboxCount = usePurchaseRequestInboxCount(routes.some((route) => route.path === ROUTE_PATHS.approvals));
  return (
    <nav aria-label={t('menu.label')}>
      <List disablePadding>
        {routes.map((route) =>
          route.menu ? (
            <ListItem key={route.path} disablePadding>
              <ListItemButton component={NavLink} to={route.path} onClick={onNavigate}>
                <ListItemText primary={t(route.menu)} />
                {route.path === ROUTE_PATHS.approvals && inboxCount !== undefined && inboxCount > 0 && (
                  <>
                    <CountBadge aria-hidden data-testid="approvals-inbox-count">
                      {inboxCount > 99 ? '99+' : inboxCount}
                    </CountBadge>
                    <VisuallyHidden> {t('menu.approvalsWaiting', { count: inboxCount })}</VisuallyHidden>
                  </>
                )}
              </ListItemButton>
            </ListItem>
          ) : null,
        )}
      </List>
    </nav>
  );
}
