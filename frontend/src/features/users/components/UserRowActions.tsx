import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';

import { MoreIcon } from '../../../components/MoreIcon';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import type { CompanyUser } from '../api/companyUsers';
import { usersMessages } from '../messages';

export type UserAction = 'edit' | 'resend' | 'delete';

export interface UserRowActionsProps {
  user: CompanyUser;
  /** What the caller may do to this user, in the menu's order. */
  actions: readonly UserAction[];
  onAction(action: UserAction, user: CompanyUser): void;
}

const ACTION_LABEL = {
  edit: 'users.action.edit',
  resend: 'users.action.resend',
  delete: 'users.action.delete',
} as const;

/** A row's actions behind one button named after the user ("Actions for Nia New"). */
export function UserRowActions({ user, actions, onAction }: UserRowActionsProps) {
  const t = useMessages(usersMessages);
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (actions.length === 0) return null;
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  const choose = (action: UserAction) => {
    setAnchor(null);
    onAction(action, user);
  };
  return (
    <>
      <IconButton
        size="small"
        aria-label={t('users.actionsFor', { name })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {actions.map((action) => (
          <MenuItem key={action} onClick={() => choose(action)} sx={action === 'delete' ? { color: 'error.main' } : undefined}>
            {t(ACTION_LABEL[action])}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
