import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import { styled, useTheme } from '@mui/material/styles';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';

import { LoadErrorAlert } from '../../components/LoadErrorAlert';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { useMessages } from '../../lib/i18n/I18nProvider';
import { unitAncestry, useCompanyUnits, type CompanyUnit } from '../../lib/user/companyUnits';
import type { CompanyInfo } from '../../lib/user/customerInfo';
import { appMessages } from '../messages';
import { useUnitSwitch } from './useUnitSwitch';

/** Above this many units the list gets a search field (issue 40: a university has many labs). */
export const UNIT_SEARCH_THRESHOLD = 10;

const UNIT_NAME_MAX_LENGTH = 100;

const SwitcherButton = styled(Button)({ minWidth: 0, maxWidth: 280, flexShrink: 1, textTransform: 'none' });

const ButtonText = styled('span')({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

const UnitList = styled(List)(({ theme }) => ({ maxHeight: '50vh', overflowY: 'auto', marginTop: theme.spacing(1) }));

// The bar keeps its place while nothing loads, so that the list does not jump when a switch starts.
const ProgressSlot = styled('div')({ height: 4 });

const Marker = styled('span')(({ theme }) => ({ marginLeft: theme.spacing(1), fontWeight: 600, whiteSpace: 'nowrap' }));

/** A unit's own indentation: one step per level below the user's company, at most six (issue 40: five levels and more). */
const indentOf = (depth: number) => 2 + Math.min(depth, 6) * 2.5;

function matches(unit: CompanyUnit, search: string): boolean {
  return unit.companyName.toLocaleLowerCase().includes(search.toLocaleLowerCase());
}

/**
 * Issue 40: "Acting for: <unit>" in the header, for a user who may act for units below their company. It opens the
 * list of their units, indented by level and the one acted for marked (searchable when there are many); choosing one
 * switches in place — the page stays, its data loads again — and the dialog closes when the switch is done.
 */
export function UnitSwitcher({
  company,
  fullWidth = false,
  onSwitched,
}: {
  company: CompanyInfo;
  fullWidth?: boolean;
  /** After a switch, once the list has closed (the phone's menu drawer closes too: the page is what changed). */
  onSwitched?: () => void;
}) {
  const t = useMessages(appMessages);
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const descriptionId = useId();
  if (!company.canSwitchUnits) return null;
  return (
    <>
      <SwitcherButton
        variant="outlined"
        size="small"
        color="inherit"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={t('layout.unit.switchLabel', { unit: company.companyName })}
        onClick={() => setOpen(true)}
        fullWidth={fullWidth}
        style={fullWidth ? { maxWidth: 'none' } : undefined}
        data-testid="b2b-unit-switcher"
      >
        <ButtonText>{t('layout.unit.actingFor', { unit: company.companyName })}</ButtonText>
      </SwitcherButton>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} aria-describedby={descriptionId} fullWidth maxWidth="xs">
        {/* Mounted while open and while closing (the dialog's own lifetime): the units are asked for on opening. */}
        <UnitChooser
          titleId={titleId}
          descriptionId={descriptionId}
          onClose={() => setOpen(false)}
          onSwitched={() => {
            setOpen(false);
            onSwitched?.();
          }}
        />
      </Dialog>
    </>
  );
}

function UnitChooser({
  titleId,
  descriptionId,
  onClose,
  onSwitched,
}: {
  titleId: string;
  descriptionId: string;
  onClose(): void;
  onSwitched(): void;
}) {
  const t = useMessages(appMessages);
  const theme = useTheme();
  const units = useCompanyUnits({ enabled: true });
  const { switchTo, pending, pendingId } = useUnitSwitch({ onSwitched });
  const [search, setSearch] = useState('');
  const listRef = useRef<HTMLUListElement>(null);
  const all = useMemo(() => units.data ?? [], [units.data]);
  const ancestry = useMemo(() => unitAncestry(all), [all]);
  const searchable = all.length > UNIT_SEARCH_THRESHOLD;
  const query = searchable ? search.trim() : '';
  const shown = query ? all.filter((unit) => matches(unit, query)) : all;

  const choose = (unit: CompanyUnit) => {
    if (pending) return;
    if (unit.isActing) return onClose();
    switchTo({ companyId: unit.isHome ? null : unit.id, companyName: unit.companyName });
  };

  // Arrow keys, Home and End move between the units (each is also a Tab stop); ArrowDown leaves the search field.
  const moveFocus = (event: KeyboardEvent, from: Element | null) => {
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
    const buttons = [...(listRef.current?.querySelectorAll<HTMLElement>('[data-unit-option]') ?? [])];
    if (buttons.length === 0) return;
    event.preventDefault();
    const index = buttons.findIndex((button) => button === from);
    const next = { Home: 0, End: buttons.length - 1, ArrowDown: Math.min(index + 1, buttons.length - 1), ArrowUp: Math.max(index - 1, 0) }[event.key]!;
    buttons[next]?.focus();
  };

  const autoFocusId = searchable ? null : (all.find((unit) => unit.isActing) ?? all[0])?.id;

  return (
    <>
      <DialogTitle id={titleId}>{t('layout.unit.dialogTitle')}</DialogTitle>
      <ProgressSlot>{pending && <LinearProgress aria-label={t('layout.unit.switching')} />}</ProgressSlot>
      <DialogContent>
        <DialogContentText id={descriptionId}>{t('layout.unit.dialogText')}</DialogContentText>
        {units.isPending && (
          <CircularProgress aria-label={t('layout.unit.loading')} sx={{ display: 'block', mx: 'auto', my: 3 }} />
        )}
        {units.isError && (
          <LoadErrorAlert message={t('layout.unit.loadFailed')} retryLabel={t('layout.unit.retry')} onRetry={() => void units.refetch()} />
        )}
        {searchable && (
          <TextField
            type="search"
            size="small"
            margin="normal"
            fullWidth
            autoFocus
            label={t('layout.unit.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowDown') moveFocus(event, null);
            }}
            slotProps={{ htmlInput: { maxLength: UNIT_NAME_MAX_LENGTH } }}
          />
        )}
        {units.data && shown.length === 0 && <DialogContentText role="status">{t('layout.unit.noMatch', { search: query })}</DialogContentText>}
        {shown.length > 0 && (
          <UnitList ref={listRef} aria-label={t('layout.unit.listLabel')} onKeyDown={(event) => moveFocus(event, event.target as Element)}>
            {shown.map((unit) => {
              const above = ancestry.get(unit.id) ?? [];
              return (
                <ListItem key={unit.id} disablePadding>
                  <ListItemButton
                    data-unit-option=""
                    selected={unit.isActing}
                    aria-current={unit.isActing ? 'true' : undefined}
                    autoFocus={unit.id === autoFocusId}
                    onClick={() => choose(unit)}
                    style={{ paddingLeft: query ? undefined : theme.spacing(indentOf(unit.depth)) }}
                    data-depth={unit.depth}
                  >
                    <ListItemText
                      primary={
                        <>
                          {unit.companyName}
                          {unit.isActing && <Marker>{t('layout.unit.current')}</Marker>}
                          {pendingId === (unit.isHome ? null : unit.id) && (
                            <CircularProgress size={14} sx={{ ml: 1, verticalAlign: 'middle' }} aria-hidden />
                          )}
                        </>
                      }
                      // Searching, a unit is out of its place in the tree: the units above it say where it is. In the
                      // tree, indentation says it to the eye and a hidden text to a screen reader.
                      secondary={query && above.length > 0 ? above.join(' › ') : undefined}
                    />
                    {!query && above.length > 0 && <VisuallyHidden>{t('layout.unit.under', { parent: above[above.length - 1]! })}</VisuallyHidden>}
                  </ListItemButton>
                </ListItem>
              );
            })}
          </UnitList>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('layout.unit.cancel')}</Button>
      </DialogActions>
    </>
  );
}
