import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

import { CompanyFilterSelect } from '../../../components/companyUnits/CompanyFilterSelect';
import type { CompanyFilter } from '../../../components/companyUnits/useCompanyFilter';
import { FilterBar, FilterClearButton } from '../../../components/listPage/FilterBar';
import { ListPageHeader } from '../../../components/listPage/ListPageLayout';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { ROUTE_PATHS } from '../../../lib/routePaths';
import { approvalsMessages } from '../messages';

export interface ManageHeaderProps {
  title: string;
  intro: string;
  addLabel: string;
  onAdd(): void;
}

/** The rules' and budgets' heading: the way back to Approvals, the title and intro, the Add button. */
export function ManageHeader({ title, intro, addLabel, onAdd }: ManageHeaderProps) {
  const t = useMessages(approvalsMessages);
  return (
    <>
      <div>
        <Link component={RouterLink} to={ROUTE_PATHS.approvals} variant="body2">
          <span aria-hidden>← </span>
          {t('approvals.manage.back')}
        </Link>
      </div>
      <ListPageHeader>
        <div>
          <Typography variant="h1" gutterBottom>
            {title}
          </Typography>
          <Typography color="text.secondary">{intro}</Typography>
        </div>
        <Button variant="contained" onClick={onAdd}>
          {addLabel}
        </Button>
      </ListPageHeader>
    </>
  );
}

/** The unit filter of a list that spans units (issue 40); nothing when there is no unit to choose. */
export function ManageFilters({ filter, company, onChange, children }: { filter: CompanyFilter; company: number | null; onChange(company: number | null): void; children?: ReactNode }) {
  const t = useMessages(approvalsMessages);
  if (!filter.shown) return null;
  return (
    <FilterBar label={t('approvals.filters.label')} onSubmit={() => undefined}>
      <CompanyFilterSelect filter={filter} value={company} onChange={onChange} flex="0 1 320px" />
      {children}
      <FilterClearButton onClick={() => onChange(null)} disabled={company === null}>
        {t('approvals.clearFilters')}
      </FilterClearButton>
    </FilterBar>
  );
}
