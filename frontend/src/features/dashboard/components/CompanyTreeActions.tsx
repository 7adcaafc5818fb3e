import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';

import { MoreIcon } from '../../../components/MoreIcon';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import type { SuperAdminCompany } from '../api/superAdminCompanies';
import { dashboardMessages } from '../messages';

export type CompanyTreeAction = 'addUnit' | 'move';

const ACTIONS: readonly CompanyTreeAction[] = ['addUnit', 'move'];

const ACTION_LABEL = {
  addUnit: 'dashboard.action.addUnit',
  move: 'dashboard.action.move',
} as const;

export interface CompanyTreeActionsProps {
  company: SuperAdminCompany;
  disabled: boolean;
  onAction(action: CompanyTreeAction, company: SuperAdminCompany): void;
}

/** A company's place in its tree (issue 40): "Add unit" and "Move", behind one button named after the company. */
export function CompanyTreeActions({ company, disabled, onAction }: CompanyTreeActionsProps) {
  const t = useMessages(dashboardMessages);
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choose = (action: CompanyTreeAction) => {
    setAnchor(null);
    onAction(action, company);
  };
  return (
    <>
      <IconButton
        size="small"
        disabled={disabled}
        aria-label={t('dashboard.actionsFor', { company: company.companyName })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {ACTIONS.map((action) => (
          <MenuItem key={action} onClick={() => choose(action)}>
            {t(ACTION_LABEL[action])}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
