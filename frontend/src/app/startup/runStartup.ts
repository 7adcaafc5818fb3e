import type { QueryClient } from '@tanstack/react-query';

import { toast } from '../../components/toast/toastStore';
import { exchangeStorefrontSession, signOutEverywhere } from '../../lib/auth/signIn';
import type { PortalConfig } from '../../lib/config';
import { errorText } from '../../lib/errorText';
import { GraphQLRequestError, SESSION_EXPIRED_CODE, type GraphQLClient } from '../../lib/graphql';
import { browserLanguages, resolveLanguage, toSupportedLanguage, type Language } from '../../lib/i18n/languages';
import { SHELL_PART } from '../../lib/i18n/catalogParts';
import { loadPortalCatalog } from '../../lib/i18n/portalCatalogs';
import { GLOBAL_PAGE_SET, type TranslationStore } from '../../lib/i18n/translations';
import { ROUTE_PATHS } from '../../lib/routePaths';
import { getB2BToken } from '../../lib/session';
import { beginSession, endSession, rememberCustomer } from '../../lib/sessionLifecycle';
import { isStoreEnabled, type StoreBasicInfo } from '../../lib/store/storeBasicInfo';
import { platformOf, setStorefrontPlatform } from '../../lib/storefrontPlatform';
import { fetchCustomerInfo, type CustomerInfo } from '../../lib/user/customerInfo';
import { findRoute } from '../access';
import { pageCatalogParts } from '../routes';
import { loadPortalStartup } from './portalStartup';

/** shell §9: persisted-state load timeout — the store's texts may not hold the portal up longer than this. */
export const TRANSLATIONS_TIMEOUT_MS = 5000;

export interface StartupResult {
  enabled: boolean;
  language: Language;
  store: StoreBasicInfo;
}

export interface StartupContext {
  queryClient: QueryClient;
  client: GraphQLClient;
  config: PortalConfig;
  translations: TranslationStore;
  /** The route the portal opens on. */
  initialLocation: { pathname: string; search: string };
  languages?: readonly string[];
}

/**
 * `/login?loginFlag=3` means "signed out" (shell §2: logout links go there): the session ends on arrival. Flag 7 ("sign
 * in with a company account") does not: only a guest is sent there, and a route a signed-in user may not open never
 * ends their session (issue 36) — one who arrives there goes to their landing page.
 */
export function isSignOutLocation({ pathname, search }: StartupContext['initialLocation']): boolean {
  return findRoute(pathname)?.path === ROUTE_PATHS.login && new URLSearchParams(search).get('loginFlag') === '3';
}

function isOutage(error: unknown): boolean {
  return error instanceof GraphQLRequestError && (error.code === 'SERVICE_UNAVAILABLE' || error.isNetworkError);
}

function firstSupportedLanguage(languages: readonly string[]): Language | null {
  for (const tag of languages) {
    const language = toSupportedLanguage(tag);
    if (language) return language;
  }
  return null;
}

function withTimeout(promise: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void promise.finally(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * shell §4 start-up, ARCHITECTURE §6: one parallel round — and one GraphQL request in it (issue 21, portalStartup.ts):
 * the store's basic info, its feature flags, the channel's config entries (quote switches, sign-in page settings…),
 * currencies, tax zones and, with a token, the customer (role and permissions); without a token, whether the
 * storefront has a signed-in customer to take over (beside it). Each part lands in the query cache under its own
 * query's key. Then the language: its catalog's shell part and the first page's parts (chunks of their own, fetched
 * in the first round when the browser's language decides) and the store's texts.
 */
export async function runStartup(context: StartupContext): Promise<StartupResult> {
  const { queryClient, client, config, translations, initialLocation, languages = browserLanguages() } = context;
  const authContext = { client, config };
  const initialRoute = findRoute(initialLocation.pathname);

  // shell §2: arriving "signed out" ends both sessions; nobody is taken over from the storefront then.
  const signingOut = isSignOutLocation(initialLocation);
  let signOut: Promise<void> = Promise.resolve();
  if (signingOut) {
    signOut = signOutEverywhere(authContext, getB2BToken());
    endSession(queryClient, 'signedOut');
  }
  const token = getB2BToken();
  // Told once the portal's language and its catalog are known.
  let expiredSession = null as GraphQLRequestError | null;

  async function loadCustomer(signedInCustomer: Promise<CustomerInfo> | null): Promise<void> {
    if (!signedInCustomer) {
      if (signingOut) return;
      const takenOver = await exchangeStorefrontSession(authContext);
      if (!takenOver) return;
      // A sign-in that finished while the take-over was on its way (a slow start-up, a quick user) keeps its session:
      // the late take-over must not replace the token that sign-in stored.
      if (getB2BToken()) return;
      try {
        const customer = await fetchCustomerInfo(client, { token: takenOver, suppressErrorToast: true });
        // Whatever page this is: the route gate says where a user whom it does not let in goes (issue 36).
        beginSession(queryClient, takenOver, customer);
      } catch (error) {
        console.error('[b2b-portal] the storefront customer could not be loaded', error);
      }
      return;
    }
    let customer: CustomerInfo;
    try {
      customer = await signedInCustomer;
    } catch (error) {
      if (error instanceof GraphQLRequestError && error.code === SESSION_EXPIRED_CODE) {
        // The client has cleared the token; start as a guest and say why (shell §8).
        expiredSession = error;
        return;
      }
      // An outage (the server unreachable, or SERVICE_UNAVAILABLE: its database or cache is down) says nothing about
      // the session: start-up fails as a whole and the token is kept for the next opening (issue 36,
      // docs/operations.md). Whatever else failed, shell §2 session check / §4: the session is cleared, except on
      // guest-allowed pages.
      if (isOutage(error)) throw error;
      console.error('[b2b-portal] the customer could not be loaded', error);
      if (!initialRoute?.guestAllowed) endSession(queryClient, 'lost');
      return;
    }
    // An invoice link opened by a super admin who is not masquerading or an individual customer keeps the session
    // (issue 36): the route gate sends them to their landing page and says why, or the page offers a company sign-in.
    rememberCustomer(customer);
  }

  // The store's texts for the first page can join the round when the language does not depend on the store.
  const earlyLanguage = firstSupportedLanguage(languages);
  // So can the catalog's shell part and the first page's parts (a failure here is seen again when the resolved
  // language's are awaited).
  const catalogParts = [SHELL_PART, ...pageCatalogParts(initialLocation.pathname)];
  if (earlyLanguage) loadPortalCatalog(earlyLanguage, catalogParts).catch(() => undefined);
  const pageSets = [...new Set([GLOBAL_PAGE_SET, initialRoute?.translationPage ?? GLOBAL_PAGE_SET])];
  if (earlyLanguage && config.storeHash) {
    translations.use({ storeHash: config.storeHash, channelId: config.channelId, language: earlyLanguage, version: null });
    pageSets.forEach((page) => void translations.ensure(page));
  }

  // The store-wide part and, with a token, the customer: one request (failures are reported by the client).
  const startup = loadPortalStartup(queryClient, client, { channelId: config.channelId, signedIn: token !== null });
  const [store] = await Promise.all([startup.store, loadCustomer(startup.customer), signOut]);

  const language = resolveLanguage({ browserLanguages: languages, storeDefaultLanguage: store.defaultLanguage });
  const site = store.storeSites.find((candidate) => candidate.channelId === config.channelId);
  translations.use({
    storeHash: store.storeHash,
    channelId: config.channelId,
    language,
    version: site ? site.translationVersion : null,
  });
  const enabled = isStoreEnabled(store, config.channelId);
  // Issue 22: the built-in shop's cart API, or the proxy for any other storefront (lib/storefrontPlatform.ts).
  setStorefrontPlatform(platformOf(store.storeSites, config.channelId), { storeHash: store.storeHash, channelId: config.channelId });
  // The catalog's shell part is awaited whatever it takes: the portal shows no text before it (a failure ends
  // start-up). The first page's parts come with it; a failure there leaves the page to try again when it renders (its
  // spinner shows meanwhile). A portal that renders nothing needs none.
  await Promise.all([
    withTimeout(Promise.all(pageSets.map((page) => translations.ensure(page))), TRANSLATIONS_TIMEOUT_MS),
    enabled && loadPortalCatalog(language),
    enabled && loadPortalCatalog(language, catalogParts).catch(() => undefined),
  ]);
  if (enabled && expiredSession) toast.error(errorText(expiredSession, language));

  return { enabled, language, store };
}
