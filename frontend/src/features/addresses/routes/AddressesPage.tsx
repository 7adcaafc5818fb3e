import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useRef, useState } from 'react';

import { focusElement } from '../../../app/focus/pageFocus';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useCompanyFilter, useSpannedUnitName } from '../../../components/companyUnits/useCompanyFilter';
import { ListPage, ListPageHeader, ResultCountStatus, listErrorState } from '../../../components/listPage/ListPageLayout';
import { useLastPageClamp, useUrlListState } from '../../../components/listPage/useUrlListState';
import { DataTableMessage } from '../../../components/dataTable/DataTableMessage';
import { ListPagination } from '../../../components/dataTable/ListPagination';
import { toast } from '../../../components/toast/toastStore';
import { useCountries } from '../../../lib/countries';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { useCustomerInfo } from '../../../lib/user/customerInfo';
import { useAddressErrorText } from '../addressErrors';
import {
  ADDRESS_PAGE_SIZES,
  NO_ADDRESS_FILTERS,
  addressListSearchParams,
  addressesVariables,
  hasAddressFilters,
  parseAddressListParams,
} from '../addressListParams';
import { addressRights } from '../addressRights';
import type { BookAddress } from '../api/addressFields';
import { FORM_TYPE, useAddressExtraFields } from '../api/addressFormFields';
import { useAddresses } from '../api/addresses';
import { useAddressMutations, type AddressDefaultKind, type AddressInput } from '../api/addressMutations';
import { AddressCard, addressTitle } from '../components/AddressCard';
import { AddressDialog } from '../components/AddressDialog';
import { AddressFilters } from '../components/AddressFilters';
import { AddressSort } from '../components/AddressSort';
import { addressMessages } from '../messages';

const Results = styled('div')(({ theme }) => ({ display: 'flex', flexDirection: 'column', gap: theme.spacing(1.5) }));

const Toolbar = styled('div')({ display: 'flex', justifyContent: 'flex-end' });

// The bar's place is kept while nothing loads, so that the cards do not jump when a request starts.
const ProgressSlot = styled('div')({ height: 4 });

const Grid = styled('ul')(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  // Two cards side by side at the desktop width: room for every action of a card on one line, in every language.
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 340px), 1fr))',
  gap: theme.spacing(2),
}));

const StatePanel = styled(Paper)(({ theme }) => ({ padding: theme.spacing(6, 3) }));

const Pagination = styled(ListPagination)(({ theme }) => ({
  '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', rowGap: theme.spacing(0.5), paddingLeft: 0 },
}));

const SkeletonCard = styled(Paper)(({ theme }) => ({ padding: theme.spacing(2), display: 'flex', flexDirection: 'column', gap: theme.spacing(1) }));

const SKELETON_CARDS = 3;

/** The add / edit dialog; `address` stays while it closes, so that its title does not change as it fades out. */
interface DialogState {
  open: boolean;
  address: BookAddress | null;
  openingKey: number;
}

/**
 * `/addresses` (issue 16): the company's address book (a company user, a super admin masquerading as the company)
 * or an individual customer's own — searched, filtered by country, state, city and kind, sorted and paged on the
 * server; added, edited, deleted and made the default in place, as far as the caller's codes allow.
 */
export function AddressesPage() {
  const t = useMessages(addressMessages);
  const errorText = useAddressErrorText();
  const customer = useCustomerInfo();
  const rights = addressRights(customer.data);
  const countries = useCountries(true, { quiet: true });
  // Each change is a history entry: back / forward walk through the lists the user saw.
  const { state, update } = useUrlListState(parseAddressListParams, addressListSearchParams);
  // Issue 40: the book of a company with units below it: each address with its unit, filtered by one.
  const companyFilter = useCompanyFilter();
  const spannedUnit = useSpannedUnitName();
  const list = useAddresses(addressesVariables(state, companyFilter.companyIdOf(state.company)));
  const mutations = useAddressMutations();
  const [dialog, setDialog] = useState<DialogState>({ open: false, address: null, openingKey: 0 });
  const [deleting, setDeleting] = useState<{ open: boolean; address: BookAddress | null }>({ open: false, address: null });
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The custom fields label the answers on the cards: asked for only when an address has some.
  const hasAnswers = list.data?.addresses.some((address) => address.extraFields.length > 0) ?? false;
  const extraFields = useAddressExtraFields(rights.ownBook ? FORM_TYPE.personal : FORM_TYPE.business, hasAnswers);

  // A page past the end (fewer addresses than when the link was made): show the last page instead.
  const settled = useLastPageClamp(list, state, update);

  const filtered = hasAddressFilters(state);
  const noAddressesAtAll = settled && list.data?.totalCount === 0 && !filtered;
  const busy = mutations.remove.isPending || mutations.setDefault.isPending;

  const addButton = (variant: 'contained' | 'outlined') =>
    rights.create && (
      <Button variant={variant} onClick={() => openDialog(null)}>
        {t('addresses.add')}
      </Button>
    );

  const openDialog = (address: BookAddress | null) =>
    setDialog((current) => ({ open: true, address, openingKey: current.openingKey + 1 }));
  const closeDialog = () => setDialog((current) => ({ ...current, open: false }));

  const save = async (input: AddressInput) => {
    const editing = dialog.address;
    if (editing) {
      await mutations.update.mutateAsync({ id: editing.id, addressData: input });
      toast.success(t('addresses.toast.saved'));
    } else {
      await mutations.create.mutateAsync(input);
      toast.success(t('addresses.toast.added'));
    }
    closeDialog();
  };

  const setDefault = (address: BookAddress, kind: AddressDefaultKind) =>
    mutations.setDefault.mutate(
      { id: address.id, kind },
      {
        onSuccess: () =>
          toast.success(t(kind === 'SHIPPING' ? 'addresses.toast.defaultShipping' : 'addresses.toast.defaultBilling', { name: addressTitle(address) })),
        onError: (error) => toast.error(errorText(error)),
      },
    );

  const confirmDelete = () => {
    const address = deleting.address;
    setDeleting((current) => ({ ...current, open: false }));
    if (!address) return;
    mutations.remove.mutate(address.id, {
      onSuccess: () => {
        toast.success(t('addresses.toast.deleted', { name: addressTitle(address) }));
        // The card and its buttons are gone: the reader goes on from the top of the page.
        if (headingRef.current) focusElement(headingRef.current, { preventScroll: true });
      },
      onError: (error) => toast.error(errorText(error)),
    });
  };

  const body = (() => {
    const errorState = listErrorState(list, { title: t('addresses.loadError'), detail: errorText(list.error), retryLabel: t('addresses.retry') });
    if (errorState) return errorState;
    if (!list.data) {
      return (
        <Grid aria-hidden>
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <li key={index}>
              <SkeletonCard variant="outlined">
                <Skeleton variant="text" width="50%" />
                <Skeleton variant="text" />
                <Skeleton variant="text" />
                <Skeleton variant="text" width="70%" />
              </SkeletonCard>
            </li>
          ))}
        </Grid>
      );
    }
    if (list.data.addresses.length === 0) {
      return (
        <StatePanel variant="outlined">
          {filtered ? (
            <DataTableMessage
              title={t('addresses.noMatch.title')}
              actions={
                <Button variant="outlined" onClick={() => update({ ...NO_ADDRESS_FILTERS, page: 1 })}>
                  {t('addresses.clearFilters')}
                </Button>
              }
            >
              {t('addresses.noMatch.body')}
            </DataTableMessage>
          ) : (
            <DataTableMessage title={t('addresses.empty.title')} actions={addButton('contained')}>
              {rights.create ? t('addresses.empty.body') : t('addresses.empty.bodyReadOnly')}
            </DataTableMessage>
          )}
        </StatePanel>
      );
    }
    return (
      <Grid aria-label={t('addresses.listLabel')} aria-busy={list.isFetching}>
        {list.data.addresses.map((address) => (
          <li key={address.id}>
            <AddressCard
              address={address}
              extraFields={extraFields.data ?? []}
              canEdit={rights.edit(address)}
              canDelete={rights.remove(address)}
              canSetDefault={rights.setDefault(address)}
              busy={busy}
              onEdit={() => openDialog(address)}
              onDelete={() => setDeleting({ open: true, address })}
              onSetDefault={(kind) => setDefault(address, kind)}
            />
          </li>
        ))}
      </Grid>
    );
  })();

  return (
    <ListPage>
      <ListPageHeader>
        <div>
          <Typography variant="h1" gutterBottom ref={headingRef}>
            {t('addresses.title')}
          </Typography>
          <Typography color="text.secondary">
            {rights.ownBook
              ? t('addresses.introOwn')
              : spannedUnit
                ? t('addresses.introUnits', { company: spannedUnit })
                : t('addresses.introCompany')}
          </Typography>
        </div>
        {!noAddressesAtAll && addButton('outlined')}
      </ListPageHeader>
      {!noAddressesAtAll && (
        <AddressFilters
          filters={state}
          countries={countries.data}
          companyFilter={companyFilter}
          onChange={(filters) => update({ ...filters, page: 1 })}
          onClear={() => update({ ...NO_ADDRESS_FILTERS, page: 1 })}
        />
      )}
      <Results>
        {!noAddressesAtAll && (
          <Toolbar>
            <AddressSort orderBy={state.orderBy} onChange={(orderBy) => update({ orderBy, page: 1 })} />
          </Toolbar>
        )}
        <ProgressSlot>{list.isFetching && !list.isError && <LinearProgress aria-label={t('addresses.loading')} />}</ProgressSlot>
        {body}
        {list.data && list.data.addresses.length > 0 && (
          <Pagination
            totalCount={list.data.totalCount}
            page={state.page - 1}
            pageSize={state.pageSize}
            pageSizes={ADDRESS_PAGE_SIZES}
            onPageChange={(page) => update({ page: page + 1 })}
            onPageSizeChange={(pageSize) => update({ pageSize, page: 1 })}
            rowsPerPageLabel={t('addresses.perPage')}
          />
        )}
      </Results>
      <ResultCountStatus>{settled && !list.isFetching ? t('addresses.resultCount', { count: list.data?.totalCount ?? 0 }) : ''}</ResultCountStatus>
      <AddressDialog
        open={dialog.open}
        openingKey={dialog.openingKey}
        address={dialog.address}
        ownBook={rights.ownBook}
        defaults={dialog.address ? rights.changeDefaults : rights.createDefaults}
        onClose={closeDialog}
        onSave={save}
      />
      <ConfirmDialog
        open={deleting.open}
        title={t('addresses.delete.title')}
        body={deleting.address ? t('addresses.delete.body', { name: addressTitle(deleting.address), lines: deleting.address.postalLines.join(', ') }) : ''}
        confirmLabel={t('addresses.delete.confirm')}
        cancelLabel={t('addresses.delete.cancel')}
        destructive
        onConfirm={confirmDelete}
        onCancel={() => setDeleting((current) => ({ ...current, open: false }))}
      />
    </ListPage>
  );
}
