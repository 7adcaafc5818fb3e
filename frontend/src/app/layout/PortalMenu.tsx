import List from '@mui/material/List';
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

/** shell §2/§6: the menu entries the user may open, as links (the current one is marked aria-current). */
export function PortalMenu({ routes, onNavigate }: PortalMenuProps) {
  const t = useMessages(appMessages);
  return (
    <nav aria-label={t('menu.label')}>
      <List disablePadding>
        {routes.map((route) =>
          route.menu ? (
            <ListItemButton key={route.path} component={NavLink} to={route.path} onClick={onNavigate}>
              <ListItemText primary={t(route.menu)} />
            </ListItemButton>
          ) : null,
        )}
      </List>
    </nav>
  );
}
