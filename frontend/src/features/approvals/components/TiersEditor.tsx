import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useId } from 'react';

import { useMessages } from '../../../lib/i18n/I18nProvider';
import type { ApprovalRuleTier, ApprovalTierInput } from '../api/approvalRules';
import { COMPANY_ROLES, LEVELS_UP, LEVELS_UP_LABEL } from '../approvalTexts';
import { approvalsMessages } from '../messages';
import { roleText } from '../ruleTexts';
import { UsersPicker, type PickedUser } from './UserPicker';

/** At most this many tiers in a rule (the editor's bound; the server has its own). */
export const MAX_TIERS = 10;

/** A tier as the editor holds it: approvers by role in a unit, or named people. `key` keeps its fields while tiers move. */
export interface TierDraft {
  key: number;
  kind: 'role' | 'users';
  role: number;
  levelsUp: number;
  users: PickedUser[];
}

let nextKey = 1;

export function newTier(): TierDraft {
  return { key: nextKey++, kind: 'role', role: 0, levelsUp: 0, users: [] };
}

export function tierDraftOf(tier: ApprovalRuleTier): TierDraft {
  if (tier.role !== null && tier.role !== undefined) return { key: nextKey++, kind: 'role', role: tier.role, levelsUp: tier.levelsUp, users: [] };
  return { key: nextKey++, kind: 'users', role: 0, levelsUp: 0, users: tier.userIds.map((id, index) => ({ id, name: tier.userNames[index] ?? String(id) })) };
}

export function tierInput(tier: TierDraft): ApprovalTierInput {
  return tier.kind === 'role' ? { role: tier.role, levelsUp: tier.levelsUp, userIds: [] } : { role: null, levelsUp: 0, userIds: tier.users.map((user) => user.id) };
}

const TierList = styled('ol')(({ theme }) => ({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: theme.spacing(1.5) }));

const TierCard = styled(Paper)(({ theme }) => ({ padding: theme.spacing(1.5, 2), display: 'flex', flexDirection: 'column', gap: theme.spacing(1.5) }));

const TierHead = styled('div')(({ theme }) => ({ display: 'flex', alignItems: 'center', gap: theme.spacing(1), flexWrap: 'wrap' }));

const Row = styled('div')(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))',
  gap: theme.spacing(1.5),
}));

const Arrow = ({ up }: { up: boolean }) => (
  <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden focusable="false">
    <path fill="currentColor" d={up ? 'M7.41 15.41 12 10.83l4.59 4.58L18 14l-6-6-6 6z' : 'M7.41 8.59 12 13.17l4.59-4.58L18 10l-6 6-6-6z'} />
  </svg>
);

export interface TiersEditorProps {
  tiers: readonly TierDraft[];
  onChange(tiers: TierDraft[]): void;
  /** Problems by tier index, and for the list as a whole (`list`). */
  errors: Readonly<Record<string, string | undefined>>;
  disabled: boolean;
  /** Where the field of a tier's first input is kept, to focus it on an error. */
  refFor(name: string): (element: HTMLElement | null) => void;
}

/**
 * The approvers of a rule, in order: each tier is the holders of a role in the ordering unit or one or two units
 * above it, or people named; any one of a tier approves for it. Tiers are added, removed and moved up or down.
 */
export function TiersEditor({ tiers, onChange, errors, disabled, refFor }: TiersEditorProps) {
  const t = useMessages(approvalsMessages);
  const headingId = useId();
  const set = (index: number, change: Partial<TierDraft>) => onChange(tiers.map((tier, at) => (at === index ? { ...tier, ...change } : tier)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...tiers];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    onChange(next);
  };
  const listError = errors.list;

  return (
    <div>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }} id={headingId}>
        {t('approvals.rule.tiers')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('approvals.rule.tiersHint')}
      </Typography>
      <TierList aria-labelledby={headingId}>
        {tiers.map((tier, index) => {
          const number = index + 1;
          const error = errors[`tiers.${index}`];
          return (
            <li key={tier.key}>
              <TierCard variant="outlined" role="group" aria-label={t('approvals.rule.tierLabel', { number })} data-testid={`tier-editor-${index}`}>
                <TierHead>
                  <Typography component="span" sx={{ fontWeight: 600, flex: 1 }}>
                    {t('approvals.rule.tierLabel', { number })}
                  </Typography>
                  <IconButton size="small" disabled={disabled || index === 0} onClick={() => move(index, -1)} aria-label={t('approvals.rule.moveUp', { number })}>
                    <Arrow up />
                  </IconButton>
                  <IconButton size="small" disabled={disabled || index === tiers.length - 1} onClick={() => move(index, 1)} aria-label={t('approvals.rule.moveDown', { number })}>
                    <Arrow up={false} />
                  </IconButton>
                  <Button size="small" color="error" disabled={disabled || tiers.length === 1} onClick={() => onChange(tiers.filter((_, at) => at !== index))} aria-label={t('approvals.rule.removeTierLabel', { number })}>
                    {t('approvals.rule.removeTier')}
                  </Button>
                </TierHead>
                <RadioGroup row value={tier.kind} onChange={(event) => set(index, { kind: event.target.value === 'users' ? 'users' : 'role' })} aria-label={t('approvals.rule.tierKind', { number })}>
                  <FormControlLabel value="role" control={<Radio size="small" />} label={t('approvals.rule.kind.role')} disabled={disabled} />
                  <FormControlLabel value="users" control={<Radio size="small" />} label={t('approvals.rule.kind.users')} disabled={disabled} />
                </RadioGroup>
                {tier.kind === 'role' ? (
                  <Row>
                    <TextField
                      select
                      size="small"
                      inputRef={refFor(`tiers.${index}`)}
                      label={t('approvals.rule.role')}
                      value={String(tier.role)}
                      onChange={(event) => set(index, { role: Number(event.target.value) })}
                      disabled={disabled}
                      error={Boolean(error)}
                    >
                      {COMPANY_ROLES.map((role) => (
                        <MenuItem key={role} value={String(role)}>
                          {roleText(t, role)}
                        </MenuItem>
                      ))}
                    </TextField>
                    <TextField
                      select
                      size="small"
                      label={t('approvals.rule.unit')}
                      value={String(tier.levelsUp)}
                      onChange={(event) => set(index, { levelsUp: Number(event.target.value) })}
                      disabled={disabled}
                    >
                      {LEVELS_UP.map((levels) => (
                        <MenuItem key={levels} value={String(levels)}>
                          {t(LEVELS_UP_LABEL[levels]!)}
                        </MenuItem>
                      ))}
                    </TextField>
                  </Row>
                ) : (
                  <UsersPicker
                    label={t('approvals.rule.users')}
                    value={tier.users}
                    onChange={(users) => set(index, { users })}
                    disabled={disabled}
                    error={Boolean(error)}
                    inputRef={refFor(`tiers.${index}`)}
                  />
                )}
                {error && <FormHelperText error>{error}</FormHelperText>}
              </TierCard>
            </li>
          );
        })}
      </TierList>
      {listError && <FormHelperText error>{listError}</FormHelperText>}
      <Button sx={{ mt: 1.5 }} variant="outlined" size="small" disabled={disabled || tiers.length >= MAX_TIERS} onClick={() => onChange([...tiers, newTier()])}>
        {t('approvals.rule.addTier')}
      </Button>
    </div>
  );
}
