import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { NavLink } from 'react-router';

import { useMessages } from '../../lib/i18n/I18nProvider';
import type { PortalRoute } from '../routeTable';
import { appMessages } from '../messages';

export interface PortalMenuProps {
  routes: readonly PortalRoute[];
  /** Called after an entry is chosen (the mobile drawer closes). */
  onNavigate?(): void;
}

/**
 * shell §2/§6: the menu entries the user may open, as links (the current one is marked aria-current). Each link
 * sits in its own list item: a `<ul>` may hold only `<li>` children (axe `list`, issue 15).
 */
export function PortalMenu({ routes, onNavigate }: PortalMenuProps) {
  const t = useMessages(appMessages);
  return (
    <nav aria-label={t('menu.label')}>
      <List disablePadding>
        {routes.map((route) =>
          route.menu ? (
            <ListItem key={route.path} disablePadding>
              <ListItemButton component={NavLink} to={route.path} onClick={onNavigate}>
                <ListItemText primary={t(route.menu)} />
              </ListItemButton>
            </ListItem>
          ) : null,
        )}
      </List>
    </nav>
  );
}
