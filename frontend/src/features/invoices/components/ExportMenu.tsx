import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';

import { useMessages } from '../../../lib/i18n/I18nProvider';
import type { ExportScope } from '../invoicesListParams';
import { invoicesMessages } from '../messages';

export interface ExportMenuProps {
  selectedIds: readonly string[];
  /** The list is filtered: "filtered invoices" is a choice of its own. */
  filtered: boolean;
  busy: boolean;
  onExport(scope: ExportScope): void;
}

/** business §7 invoicesExport: all invoices, the filtered ones or the selected ones, as a CSV file. */
export function ExportMenu({ selectedIds, filtered, busy, onExport }: ExportMenuProps) {
  const t = useMessages(invoicesMessages);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const choose = (scope: ExportScope) => {
    setAnchor(null);
    onExport(scope);
  };
  return (
    <>
      <Button
        variant="outlined"
        loading={busy}
        disabled={busy}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('invoices.export.button')}
        <span aria-hidden> ▾</span>
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => choose({ kind: 'all' })}>{t('invoices.export.all')}</MenuItem>
        {filtered && <MenuItem onClick={() => choose({ kind: 'filtered' })}>{t('invoices.export.filtered')}</MenuItem>}
        <MenuItem disabled={selectedIds.length === 0} onClick={() => choose({ kind: 'selected', ids: selectedIds })}>
          {t('invoices.export.selected', { count: selectedIds.length })}
        </MenuItem>
      </Menu>
    </>
  );
}
