import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { emptyStorefrontCart, readStorefrontCart, type StorefrontCartState } from '../../../lib/storefrontCart';
import { useCustomerInfo } from '../../../lib/user/customerInfo';
import { useMasqueradeActions } from '../../../lib/user/masquerade';
import { SUPER_ADMIN_COMPANIES_KEY, useSuperAdminCompanies, type CompanyOrderBy, type SuperAdminCompany } from '../api/superAdminCompanies';
import { AddUnitDialog } from '../components/AddUnitDialog';
import { CompaniesTable } from '../components/CompaniesTable';
import type { CompanyTreeAction } from '../components/CompanyTreeActions';
import { MoveCompanyDialog } from '../components/MoveCompanyDialog';
import { dashboardMessages } from '../messages';

const Page = styled('div')(({ theme }) => ({ maxWidth: 1100, margin: '0 auto', display: 'flex', flexDirection: 'column', gap: theme.spacing(3) }));

const SEARCH_DELAY_MS = 300;

interface PendingMasquerade {
  company: SuperAdminCompany;
  cart: StorefrontCartState | null;
}

/**
 * `/dashboard` (shell §2, §6; super admin): the companies the super admin may act as, searched, sorted and paged,
 * with Masquerade / End Masquerade. Beginning empties the storefront cart after a confirmation when it holds
 * anything; the customer is then loaded again, so the menu and the role follow the company. Issue 40: the super
 * admin adds units below a company and moves companies in their trees.
 */
export function DashboardPage() {
  const t = useMessages(dashboardMessages);
  const client = useGraphQLClient();
  const queryClient = useQueryClient();
  const customer = useCustomerInfo();
  const actions = useMasqueradeActions();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(10);
  const [orderBy, setOrderBy] = useState<CompanyOrderBy>('companyName');
  const [busyCompanyId, setBusyCompanyId] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<PendingMasquerade | null>(null);
  const [treeAction, setTreeAction] = useState<{ action: CompanyTreeAction; company: SuperAdminCompany } | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(search.trim());
      setPage(0);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const superAdminId = customer.data?.userInfo.id ?? 0;
  const list = useSuperAdminCompanies({ superAdminId, first: pageSize, offset: page * pageSize, q, orderBy });

  const run = async (company: SuperAdminCompany, action: () => Promise<unknown>) => {
    setBusyCompanyId(company.id);
    try {
      await action();
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusyCompanyId(null);
      void queryClient.invalidateQueries({ queryKey: SUPER_ADMIN_COMPANIES_KEY });
    }
  };

  const begin = (company: SuperAdminCompany, cart: StorefrontCartState | null) =>
    run(company, async () => {
      await emptyStorefrontCart(client, cart);
      await actions.begin(company.id);
    });

  const onMasquerade = async (company: SuperAdminCompany) => {
    setBusyCompanyId(company.id);
    const cart = await readStorefrontCart();
    setBusyCompanyId(null);
    if (cart && cart.lineCount > 0) setConfirming({ company, cart });
    else void begin(company, cart);
  };

  return (
    <Page>
      <div>
        <Typography variant="h1" gutterBottom>
          {t('dashboard.title')}
        </Typography>
        <Typography color="text.secondary">{t('dashboard.intro')}</Typography>
      </div>
      <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <TextField
          type="search"
          label={t('dashboard.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          size="small"
          sx={{ maxWidth: 360 }}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        {list.isPending && <CircularProgress aria-label={t('dashboard.loading')} sx={{ alignSelf: 'center' }} />}
        {list.isError && (
          <LoadErrorAlert message={t('dashboard.loadError')} retryLabel={t('dashboard.retry')} onRetry={() => void list.refetch()} />
        )}
        {list.data && list.data.companies.length === 0 && <Typography>{t('dashboard.empty')}</Typography>}
        {list.data && list.data.companies.length > 0 && (
          <CompaniesTable
            companies={list.data.companies}
            totalCount={list.data.totalCount}
            page={page}
            pageSize={pageSize}
            orderBy={orderBy}
            onPageChange={setPage}
            onPageSizeChange={(size) => {
              setPageSize(size);
              setPage(0);
            }}
            onOrderByChange={(next) => {
              setOrderBy(next);
              setPage(0);
            }}
            onMasquerade={(company) => void onMasquerade(company)}
            onEndMasquerade={(company) => void run(company, () => actions.end(company.id))}
            onTreeAction={(action, company) => setTreeAction({ action, company })}
            busyCompanyId={busyCompanyId}
          />
        )}
      </Paper>
      <AddUnitDialog parent={treeAction?.action === 'addUnit' ? treeAction.company : null} onClose={() => setTreeAction(null)} />
      <MoveCompanyDialog
        company={treeAction?.action === 'move' ? treeAction.company : null}
        superAdminId={superAdminId}
        onClose={() => setTreeAction(null)}
      />
      <Dialog open={confirming !== null} onClose={(_, reason) => reason !== 'backdropClick' && setConfirming(null)} aria-labelledby="b2b-masquerade-confirm">
        <DialogTitle id="b2b-masquerade-confirm">{t('dashboard.confirm.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('dashboard.confirm.text')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)}>{t('dashboard.confirm.cancel')}</Button>
          <Button
            variant="contained"
            onClick={() => {
              const pending = confirming;
              setConfirming(null);
              if (pending) void begin(pending.company, pending.cart);
            }}
          >
            {t('dashboard.confirm.continue')}
          </Button>
        </DialogActions>
      </Dialog>
    </Page>
  );
}
