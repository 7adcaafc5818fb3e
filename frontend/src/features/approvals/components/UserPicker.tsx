import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type HTMLAttributes, type Key } from 'react';

import { useMessages } from '../../../lib/i18n/I18nProvider';
import { approverName, useApproverUsers, type ApproverUser } from '../api/approverUsers';
import { approvalsMessages } from '../messages';

/** A person the picker names: their id and how they are shown. */
export interface PickedUser {
  id: number;
  name: string;
}

export const pickedUserOf = (user: ApproverUser): PickedUser => ({ id: user.id, name: approverName(user) });

interface BaseProps {
  label: string;
  helperText?: string;
  error?: boolean;
  disabled?: boolean;
  inputRef?: (element: HTMLInputElement | null) => void;
}

function useChoices() {
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const users = useApproverUsers(typed, open);
  return { typed, setTyped, open, setOpen, users };
}

function optionRow(props: HTMLAttributes<HTMLLIElement> & { key: Key }, option: PickedUser, users: readonly ApproverUser[] | undefined) {
  const { key, ...rest } = props;
  const user = users?.find((candidate) => candidate.id === option.id);
  return (
    <li key={key} {...rest}>
      <span>
        {option.name}
        {user && (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            {user.email}
            {user.companyName ? ` · ${user.companyName}` : ''}
          </Typography>
        )}
      </span>
    </li>
  );
}

/**
 * People of the company, searched as the manager types (the company's `users`): the approvers of a tier.
 */
export function UsersPicker({ value, onChange, label, helperText, error, disabled, inputRef }: BaseProps & { value: readonly PickedUser[]; onChange(users: PickedUser[]): void }) {
  const t = useMessages(approvalsMessages);
  const { setTyped, setOpen, users } = useChoices();
  return (
    <Autocomplete
      multiple
      options={(users.data ?? []).map(pickedUserOf)}
      value={[...value]}
      onChange={(_event, next) => onChange(next)}
      onInputChange={(_event, next, reason) => {
        if (reason === 'input' || reason === 'clear') setTyped(next);
      }}
      onOpen={() => setOpen(true)}
      filterOptions={(all) => all}
      filterSelectedOptions
      getOptionLabel={(option) => option.name}
      getOptionKey={(option) => option.id}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      renderOption={(props, option) => optionRow(props, option, users.data)}
      loading={users.isFetching}
      loadingText={t('approvals.userPicker.loading')}
      noOptionsText={users.isError ? t('approvals.userPicker.loadError') : t('approvals.userPicker.none')}
      disabled={disabled}
      renderInput={(params) => <TextField {...params} inputRef={inputRef} label={label} error={error} helperText={helperText} />}
    />
  );
}

/** One person of the company, or nobody: the buyer a budget is for. */
export function UserPicker({ value, onChange, label, helperText, error, disabled, inputRef }: BaseProps & { value: PickedUser | null; onChange(user: PickedUser | null): void }) {
  const t = useMessages(approvalsMessages);
  const { setTyped, setOpen, users } = useChoices();
  return (
    <Autocomplete
      options={(users.data ?? []).map(pickedUserOf)}
      value={value}
      onChange={(_event, next) => onChange(next)}
      onInputChange={(_event, next, reason) => {
        if (reason === 'input' || reason === 'clear') setTyped(next);
      }}
      onOpen={() => setOpen(true)}
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.name}
      getOptionKey={(option) => option.id}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      renderOption={(props, option) => optionRow(props, option, users.data)}
      loading={users.isFetching}
      loadingText={t('approvals.userPicker.loading')}
      noOptionsText={users.isError ? t('approvals.userPicker.loadError') : t('approvals.userPicker.none')}
      disabled={disabled}
      renderInput={(params) => <TextField {...params} inputRef={inputRef} label={label} error={error} helperText={helperText} />}
    />
  );
}
