import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';

import { usePortalControls } from '../../../app/PortalControls';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { ProductOptionFields } from '../../../components/productOptions/ProductOptionFields';
import { GENERAL_ERROR_KEY, serverOptionErrors } from '../../../components/productOptions/optionRules';
import { ProductThumb } from '../../../components/productSearch/ProductThumb';
import { QuantityInput } from '../../../components/productSearch/QuantityInput';
import { useProductOptionCheck } from '../../../components/productSearch/useProductOptionCheck';
import { toast } from '../../../components/toast/toastStore';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { optionInputs, type OptionValues } from '../../../lib/productOptions';
import { PRODUCT_SEARCH, variantFor, type SearchProduct } from '../../../lib/productSearch';
import { ROUTE_PATHS } from '../../../lib/routePaths';
import { useQuantityLimit } from '../../../lib/quantity';
import { preselectedList } from '../../../lib/shoppingListChoice';
import { useB2BToken } from '../../../lib/session';
import { registrationKinds } from '../../../lib/store/registration';
import { useStorefrontConfigs } from '../../../lib/store/storefrontConfig';
import { parsePdpParams, type PdpProduct } from '../../../storefront/shoppingListPdp';
import { showShoppingListToast } from '../../../storefront/shoppingListToast';
import type { ShoppingListCard } from '../api/shoppingListFields';
import { useShoppingListsEnabled } from '../api/shoppingListsEnabled';
import { useShoppingLists } from '../api/shoppingLists';
import { ListChooser, type ListChoice } from '../components/ListChooser';
import { shoppingListsMessages } from '../messages';
import { useShoppingListErrorText, useShoppingListFieldErrors } from '../shoppingListErrors';
import { shoppingListPath } from '../shoppingListPaths';
import { useShoppingListKind } from '../useShoppingListKind';
import { useShoppingListWrites } from '../useShoppingListWrites';

/** The lists offered to choose from: the caller's most recently changed (the server's page cap). */
const CHOOSER_LISTS = 100;

const Page = styled('div')(({ theme }) => ({ maxWidth: 760, margin: '0 auto', display: 'flex', flexDirection: 'column', gap: theme.spacing(3) }));

const Panel = styled(Paper)(({ theme }) => ({
  padding: theme.spacing(3),
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(2),
  [theme.breakpoints.down('sm')]: { padding: theme.spacing(2) },
}));

const Form = styled('form')(({ theme }) => ({ display: 'flex', flexDirection: 'column', gap: theme.spacing(3) }));

const ProductHead = styled('div')(({ theme }) => ({ display: 'flex', gap: theme.spacing(2), alignItems: 'flex-start' }));

const QuantityRow = styled('div')(({ theme }) => ({ display: 'flex', alignItems: 'center', gap: theme.spacing(2) }));

const Actions = styled('div')(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: theme.spacing(1.5),
  [theme.breakpoints.down('sm')]: { '& > *': { flex: '1 1 100%' } },
}));

const Centered = styled('div')(({ theme }) => ({ display: 'flex', justifyContent: 'center', padding: theme.spacing(6) }));

/** The values the product page chose, by option id (only the options the product has). */
function pageValues(product: SearchProduct, chosen: PdpProduct['options']): OptionValues {
  const values: OptionValues = {};
  for (const { optionId, value } of chosen) {
    if (product.allOptions.some((option) => option.id === optionId)) values[optionId] = value;
  }
  return values;
}

/** "Back to the product": the portal closes over the storefront's product page. */
function BackToProduct({ label }: { label: string }) {
  const { requestClose } = usePortalControls();
  return (
    <Button variant="outlined" onClick={requestClose}>
      {label}
    </Button>
  );
}

/**
 * `/pdp` (shell §2 "Product detail page hosting", business §2 add-to-shopping-list dialog, issue 18): the product of
 * the storefront's page with the options and quantity chosen there — checked first, and changeable here — to add to
 * one of the caller's lists or to a new one; then back on the product page, the toast "Products were added to your
 * shopping list" links to the list. A guest is asked to sign in or register (Register only when the store lets
 * visitors register).
 */
export function PdpPage() {
  const t = useMessages(shoppingListsMessages);
  const signedIn = useB2BToken() !== null;
  const [searchParams] = useSearchParams();
  const quantityLimit = useQuantityLimit();
  const product = useMemo(() => parsePdpParams(searchParams, quantityLimit), [searchParams, quantityLimit]);
  return (
    <Page>
      <Typography variant="h1">{t('shoppingLists.pdp.title')}</Typography>
      {product === null ? <NoProduct /> : !signedIn ? <GuestMessage /> : <AddToList product={product} />}
    </Page>
  );
}

function GuestMessage() {
  const t = useMessages(shoppingListsMessages);
  const configs = useStorefrontConfigs();
  const kinds = registrationKinds(configs.data);
  return (
    <Panel variant="outlined" data-testid="shopping-list-guest-message">
      <Typography>{t('shoppingLists.pdp.guest')}</Typography>
      <Actions>
        <BackToProduct label={t('shoppingLists.pdp.back')} />
        {(kinds.business || kinds.personal) && (
          <Button variant="outlined" component={RouterLink} to={ROUTE_PATHS.register}>
            {t('shoppingLists.pdp.register')}
          </Button>
        )}
        <Button variant="contained" component={RouterLink} to={ROUTE_PATHS.login}>
          {t('shoppingLists.pdp.signIn')}
        </Button>
      </Actions>
    </Panel>
  );
}

/**
 * `/pdp` opened without a product (a bookmark, a hand-typed link): there is no product to go back to (issue 36 item
 * 14), so it says what happened and offers the catalog (the storefront's home) or closing the portal.
 */
function NoProduct() {
  const t = useMessages(shoppingListsMessages);
  const { requestClose } = usePortalControls();
  return (
    <Panel variant="outlined" data-testid="shopping-list-no-product">
      <Typography>{t('shoppingLists.pdp.noProductChosen')}</Typography>
      <Typography color="text.secondary">{t('shoppingLists.pdp.noProduct')}</Typography>
      <Actions>
        <Button variant="outlined" onClick={requestClose}>
          {t('shoppingLists.pdp.close')}
        </Button>
        <Button variant="contained" href="/">
          {t('shoppingLists.pdp.toCatalog')}
        </Button>
      </Actions>
    </Panel>
  );
}

function AddToList({ product: chosen }: { product: PdpProduct }) {
  const t = useMessages(shoppingListsMessages);
  const client = useGraphQLClient();
  const enabled = useShoppingListsEnabled(true);
  const { kind } = useShoppingListKind();
  const product = useQuery({
    queryKey: ['productOptions', chosen.productId] as const,
    queryFn: ({ signal }) =>
      client
        .request(PRODUCT_SEARCH, { productIds: [chosen.productId], first: 1 }, { signal, suppressErrorToast: true })
        .then((data) => data.productsSearch[0] ?? null),
    enabled: enabled.data?.enabled === true,
  });
  const lists = useShoppingLists(enabled.data?.enabled ? kind : null, {
    first: CHOOSER_LISTS,
    offset: 0,
    search: null,
    createdBy: null,
    status: null,
    orderBy: '-updatedAt',
  });

  if (enabled.isPending || (enabled.data?.enabled && (product.isPending || lists.isPending))) {
    return (
      <Centered>
        <CircularProgress aria-label={t('shoppingLists.pdp.loading')} />
      </Centered>
    );
  }
  if (!enabled.data?.enabled) {
    return (
      <Panel variant="outlined">
        <Typography>{enabled.isError ? t('shoppingLists.pdp.loadError') : t('shoppingLists.error.disabled')}</Typography>
        <Actions>
          <BackToProduct label={t('shoppingLists.pdp.back')} />
        </Actions>
      </Panel>
    );
  }
  if (product.isError || lists.isError) {
    return (
      <LoadErrorAlert
        message={t('shoppingLists.pdp.loadError')}
        retryLabel={t('shoppingLists.retry')}
        onRetry={() => {
          if (product.isError) void product.refetch();
          if (lists.isError) void lists.refetch();
        }}
      />
    );
  }
  if (!product.data) {
    return (
      <Panel variant="outlined">
        <Typography>{t('shoppingLists.pdp.productGone')}</Typography>
        <Actions>
          <BackToProduct label={t('shoppingLists.pdp.back')} />
        </Actions>
      </Panel>
    );
  }
  const choosable = (lists.data?.lists ?? []).filter((list) => list.canAddItems);
  return <AddToListForm key={product.data.id} chosen={chosen} product={product.data} lists={choosable} company={kind === 'company'} />;
}

interface AddToListFormProps {
  chosen: PdpProduct;
  product: SearchProduct;
  lists: readonly ShoppingListCard[];
  company: boolean;
}

function AddToListForm({ chosen, product, lists, company }: AddToListFormProps) {
  const t = useMessages(shoppingListsMessages);
  const { requestClose } = usePortalControls();
  const { kind, juniorBuyer } = useShoppingListKind();
  const writes = useShoppingListWrites(kind);
  const checkOptions = useProductOptionCheck();
  const fieldErrors = useShoppingListFieldErrors();
  const errorText = useShoppingListErrorText();
  const [values, setValues] = useState<OptionValues>(() => pageValues(product, chosen.options));
  const [quantity, setQuantity] = useState(chosen.quantity);
  // The choices of the product page are checked at once (business §5): what is missing shows before anything else.
  const [errors, setErrors] = useState<Record<string, string>>(() => checkOptions(product, pageValues(product, chosen.options)).problems);
  const [choice, setChoice] = useState<ListChoice>(() => preselectedList(lists, { needsApproval: company && juniorBuyer }));
  const [newName, setNewName] = useState('');
  const [newNameError, setNewNameError] = useState<string | null>(null);
  // A list made by a try whose adding then failed: the next try adds to it instead of making another.
  const [madeListId, setMadeListId] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const variant = variantFor(product, values);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { problems, variant: chosenVariant } = checkOptions(product, values);
    setErrors(problems);
    const nameMissing = choice === 'new' && madeListId === null && newName.trim() === '';
    setNewNameError(nameMissing ? t('shoppingLists.dialog.nameRequired') : null);
    if (Object.keys(problems).length > 0 || nameMissing) return;
    setSaving(true);
    try {
      let listId = choice === 'new' ? madeListId : choice;
      if (listId === null) {
        listId = (await writes.create({ name: newName.trim(), description: '' })).id;
        setMadeListId(listId);
      }
      const added = await writes.addItems(listId, [
        {
          productId: product.id,
          variantId: chosenVariant?.variantId ?? null,
          quantity,
          options: optionInputs(values).map(({ optionId, value }) => ({ optionId, optionValue: value })),
        },
      ]);
      // Back on the product page, the toast leads to the list (business §8).
      showShoppingListToast({
        message: t('shoppingLists.toast.added'),
        linkText: t('shoppingLists.toast.viewList', { name: added.shoppingList.name }),
        href: `#${shoppingListPath(listId)}`,
      });
      requestClose();
    } catch (error) {
      const fields = fieldErrors(error);
      const optionProblems = serverOptionErrors(
        Object.fromEntries(Object.entries(fields).filter(([field]) => field.startsWith('items.0.'))),
        'items.0.',
      );
      if (fields.name) setNewNameError(fields.name);
      if (Object.keys(optionProblems).length > 0) setErrors(optionProblems);
      else if (!fields.name) toast.error(errorText(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form onSubmit={(event) => void submit(event)} noValidate>
      <Panel variant="outlined" aria-label={t('shoppingLists.pdp.product')}>
        <ProductHead>
          <ProductThumb src={variant?.imageUrl ?? product.imageUrl} />
          <div style={{ minWidth: 0 }}>
            <Typography variant="h2" sx={{ overflowWrap: 'anywhere' }}>
              {product.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" data-testid="pdp-variant-sku">
              {variant ? t('shoppingLists.items.sku', { sku: variant.sku }) : t('shoppingLists.pdp.chooseOptions')}
            </Typography>
          </div>
        </ProductHead>
        {product.allOptions.length > 0 && (
          <ProductOptionFields
            options={product.allOptions}
            values={values}
            errors={errors}
            disabled={saving}
            idPrefix="pdp"
            productUrl={product.productUrl}
            onChange={(optionId, value) => {
              setValues((current) => ({ ...current, [optionId]: value }));
              setErrors(({ [String(optionId)]: _dropped, [GENERAL_ERROR_KEY]: _general, ...rest }) => rest);
            }}
          />
        )}
        <QuantityRow>
          {/* Seen, not read: the field itself is named "Quantity". */}
          <Typography component="span" color="text.secondary" aria-hidden>
            {t('shoppingLists.items.quantity')}
          </Typography>
          <QuantityInput label={t('shoppingLists.items.quantity')} value={quantity} disabled={saving} onCommit={setQuantity} size="medium" />
        </QuantityRow>
        {errors.quantity && (
          <Typography color="error" variant="body2">
            {errors.quantity}
          </Typography>
        )}
      </Panel>
      <Panel variant="outlined">
        <ListChooser
          lists={lists}
          company={company}
          choice={choice}
          newName={newName}
          newNameError={newNameError}
          disabled={saving}
          onChoose={setChoice}
          onNewName={(name) => {
            setNewName(name);
            setNewNameError(null);
          }}
        />
        {company && juniorBuyer && (
          <Typography variant="body2" color="text.secondary">
            {t('shoppingLists.addPanel.approvalNote')}
          </Typography>
        )}
      </Panel>
      <Actions>
        <BackToProduct label={t('shoppingLists.pdp.cancel')} />
        <Button type="submit" variant="contained" loading={saving}>
          {t('shoppingLists.pdp.add')}
        </Button>
      </Actions>
    </Form>
  );
}
