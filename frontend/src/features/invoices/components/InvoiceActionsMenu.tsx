import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState, type MouseEvent } from 'react';

import { MoreIcon } from '../../../components/MoreIcon';

export interface InvoiceMenuAction {
  id: string;
  label: string;
  onSelect(): void;
}

/** Three dots, one above the other: "more actions". */

/**
 * A row's actions behind one button (business §2 row menu), so that the table fits the page; the button names its
 * invoice for screen readers. Nothing when there is no action.
 */
export function InvoiceActionsMenu({
  label,
  buttonText,
  actions,
  disabled = false,
  compact = false,
}: {
  label: string;
  buttonText: string;
  actions: readonly InvoiceMenuAction[];
  disabled?: boolean;
  /** A small icon button instead of the worded one (a table short of room). */
  compact?: boolean;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  if (actions.length === 0) return null;
  const button = {
    disabled,
    'aria-haspopup': 'menu' as const,
    'aria-controls': anchor ? menuId : undefined,
    'aria-expanded': anchor ? true : undefined,
    'aria-label': label,
    onClick: (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget),
  };
  return (
    <>
      {compact ? (
        <IconButton size="small" {...button} title={buttonText}>
          <MoreIcon />
        </IconButton>
      ) : (
        <Button size="small" {...button} sx={{ whiteSpace: 'nowrap' }}>
          {buttonText}
          <span aria-hidden> ▾</span>
        </Button>
      )}
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {actions.map((action) => (
          <MenuItem
            key={action.id}
            onClick={() => {
              setAnchor(null);
              action.onSelect();
            }}
          >
            {action.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
