import type { Messages } from '@lingui/core';
import { act, render, screen } from '@testing-library/react';
import { Suspense, lazy, type ComponentType } from 'react';
import portalCatalogParts from 'virtual:portal-catalog-parts';

import { mockGraphQL } from '../../test/graphqlMock';
import { commonMessages } from '../messages';
import { SHELL_PART } from './catalogParts';
import { I18nProvider, useMessages, usePreloadedTexts } from './I18nProvider';
import { messageNamespace } from './keys';
import { SUPPORTED_LANGUAGES, type Language } from './languages';
import { createPortalCatalogs, loadTexts, portalCatalogs, translate, type CatalogPartImports } from './portalCatalogs';
import { createTranslationStore } from './translations';

/** Catalogs whose part downloads the test answers itself, recording which (language, part) were asked for. */
function controlledCatalogs() {
  const requested: string[] = [];
  const pending = new Map<string, { answer(): Promise<void>; fail(): void }>();
  const imports = Object.fromEntries(
    SUPPORTED_LANGUAGES.map((language) => [
      language,
      Object.fromEntries(
        Object.entries(portalCatalogParts[language]).map(([part, load]) => [
          part,
          () => {
            requested.push(`${language}/${part}`);
            return new Promise<{ default: Messages }>((resolve, reject) => {
              pending.set(`${language}/${part}`, {
                answer: () => act(async () => resolve(await load())),
                fail: () => reject(new TypeError('Failed to fetch dynamically imported module')),
              });
            });
          },
        ]),
      ),
    ]),
  ) as CatalogPartImports;
  return { catalogs: createPortalCatalogs(imports), requested, download: (id: string) => pending.get(id)! };
}

const probeMessages = messageNamespace('quotes.', 'layout.');

function Probe({ count = 2 }: { count?: number }) {
  const t = useMessages(probeMessages);
  return (
    <>
      <h1>{t('quotes.title')}</h1>
      <p>{t('quotes.resultCount', { count })}</p>
      <p>{t('layout.label', { storeName: 'Helix' })}</p>
    </>
  );
}

const spinnerMessages = messageNamespace('page.');

function Spinner() {
  const t = useMessages(spinnerMessages);
  return <p role="status">{t('page.loading')}</p>;
}

/** A key on screen: `quotes.title`, `page.loading`… (no text of the catalogs has this form). */
const shownKeys = () => (document.body.textContent ?? '').match(/\b[a-z]+[A-Za-z]*\.[a-z]+[A-Za-z]*\b/g) ?? [];

describe('portal catalogs, in parts per language, loaded lazily', () => {
  it('fetch only the parts of the language asked for, once each, as compiled messages (no ICU parser at run time)', async () => {
    const { catalogs, requested, download } = controlledCatalogs();
    const first = catalogs.load('de', [SHELL_PART, 'quotes']);
    const second = catalogs.load('de', ['quotes']);
    expect(catalogs.get('de')).toBeNull();
    await download('de/shell').answer();
    expect(catalogs.get('de')).not.toBeNull();
    expect(catalogs.has('de', ['quotes'])).toBe(false);
    await download('de/quotes').answer();

    expect(await first).toBe(await second);
    expect(requested).toEqual(['de/shell', 'de/quotes']);
    expect(catalogs.loaded('de').sort()).toEqual(['quotes', 'shell']);
    expect(catalogs.catalog('de')._('quotes.resultCount', { count: 1 })).toBe('1 Angebot');
    expect(catalogs.get('en')).toBeNull();
    expect((await portalCatalogParts.de.quotes!()).default['quotes.resultCount']).toEqual([
      ['count', 'plural', { offset: undefined, one: ['#', ' Angebot'], other: ['#', ' Angebote'] }],
    ]);
    // Lingui merges each part into the language's own messages, never into a part module's export.
    expect((await portalCatalogParts.de.quotes!()).default['error.unknown']).toBeUndefined();
  });

  it('try a failed download again on the next load', async () => {
    const { catalogs, requested, download } = controlledCatalogs();
    const failed = catalogs.load('fr');
    download('fr/shell').fail();
    await expect(failed).rejects.toThrow('Failed to fetch');

    const retried = catalogs.load('fr', [SHELL_PART, 'quotes']);
    await download('fr/shell').answer();
    await download('fr/quotes').answer();
    expect((await retried)._('quotes.title')).toBe('Devis');
    expect(requested).toEqual(['fr/shell', 'fr/shell', 'fr/quotes']);
  });

  it('render nothing before the shell part; a component whose part has not loaded shows the loading state, then its text, never a key', async () => {
    const { catalogs, requested, download } = controlledCatalogs();
    const view = render(
      <I18nProvider language="de" catalogs={catalogs}>
        <Suspense fallback={<Spinner />}>
          <Probe />
        </Suspense>
      </I18nProvider>,
    );
    expect(view.container).toBeEmptyDOMElement();
    expect(requested).toEqual(['de/shell']);

    await download('de/shell').answer();
    expect(screen.getByRole('status')).toHaveTextContent('Wird geladen');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(requested).toEqual(['de/shell', 'de/quotes']);
    expect(shownKeys()).toEqual([]);

    await download('de/quotes').answer();
    expect(await screen.findByRole('heading', { name: 'Angebote' })).toBeInTheDocument();
    expect(screen.getByText('2 Angebote')).toBeInTheDocument();
    expect(screen.getByText('Einkaufsportal von Helix')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(shownKeys()).toEqual([]);
  });

  it('start a page’s parts beside its chunk (usePreloadedTexts), before its code asks for them', async () => {
    const { catalogs, requested, download } = controlledCatalogs();
    const german = catalogs.load('de');
    await download('de/shell').answer();
    await german;
    let arrive = (_page: ComponentType) => undefined as void;
    const Page = lazy(() => new Promise<{ default: ComponentType }>((resolve) => (arrive = (page) => resolve({ default: page }))));
    function PageWithTexts() {
      usePreloadedTexts(['quotes']);
      return <Page />;
    }
    render(
      <I18nProvider language="de" catalogs={catalogs}>
        <Suspense fallback={<Spinner />}>
          <PageWithTexts />
        </Suspense>
      </I18nProvider>,
    );
    expect(requested).toEqual(['de/shell', 'de/quotes']);
    expect(screen.getByRole('status')).toHaveTextContent('Wird geladen');

    await download('de/quotes').answer();
    await act(async () => arrive(Probe));
    expect(await screen.findByRole('heading', { name: 'Angebote' })).toBeInTheDocument();
    expect(requested).toEqual(['de/shell', 'de/quotes']);
  });

  it('switching language loads the new language’s parts in use, showing the previous language until they are there', async () => {
    const { catalogs, requested, download } = controlledCatalogs();
    const german = catalogs.load('de', [SHELL_PART, 'quotes']);
    await download('de/shell').answer();
    await download('de/quotes').answer();
    await german;
    const tree = (language: Language, count: number) => (
      <I18nProvider language={language} catalogs={catalogs}>
        <Suspense fallback={<Spinner />}>
          <Probe count={count} />
        </Suspense>
      </I18nProvider>
    );
    const view = render(tree('de', 2));
    expect(screen.getByRole('heading', { name: 'Angebote' })).toBeInTheDocument();

    view.rerender(tree('nl', 1));
    expect(requested.filter((id) => id.startsWith('nl/')).sort()).toEqual(['nl/quotes', 'nl/shell']);
    expect(screen.getByRole('heading', { name: 'Angebote' })).toBeInTheDocument();
    await download('nl/shell').answer();
    expect(screen.getByRole('heading', { name: 'Angebote' })).toBeInTheDocument();
    await download('nl/quotes').answer();
    expect(await screen.findByRole('heading', { name: 'Offertes' })).toBeInTheDocument();
    expect(screen.getByText('1 offerte')).toBeInTheDocument();
    expect(requested).toEqual(['de/shell', 'de/quotes', 'nl/shell', 'nl/quotes']);
    expect(shownKeys()).toEqual([]);
  });

  it('let the store’s own text win, with plain {name} replacement (shell §4 translations)', async () => {
    mockGraphQL({}, {
      rest: {
        'GET /storefront/translation/helix01/1/global': () => ({
          body: { language: 'en', page: 'global', translationVersion: 1, message: { 'quotes.resultCount': 'Found: {count}', 'layout.label': '{storeName} lab shop' } },
        }),
      },
    });
    const translations = createTranslationStore({ apiOrigin: 'https://api.helix.test' });
    translations.use({ storeHash: 'helix01', channelId: 1, language: 'en', version: 1 });
    await translations.ensure('global');

    render(
      <I18nProvider language="en" translations={translations}>
        <Probe />
      </I18nProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Quotes' })).toBeInTheDocument();
    expect(screen.getByText('Found: 2')).toBeInTheDocument();
    expect(screen.getByText('Helix lab shop')).toBeInTheDocument();
  });

  it('give texts outside React in a loaded language (errorText)', () => {
    expect(translate(commonMessages, 'de', 'error.unknown')).toBe('Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.');
    expect(translate(commonMessages, 'es', 'error.unknown')).toBe('Se ha producido un error. Inténtalo de nuevo.');
  });

  it('give a text of another part outside React only once it has loaded (loadTexts), and say so when asked too early', async () => {
    const { catalogs, requested, download } = controlledCatalogs();
    const has = vi.spyOn(portalCatalogs, 'has').mockImplementation((language, parts) => catalogs.has(language, parts));
    vi.spyOn(portalCatalogs, 'load').mockImplementation((language, parts) => catalogs.load(language, parts));
    vi.spyOn(portalCatalogs, 'catalog').mockImplementation((language) => catalogs.catalog(language));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);

    expect(translate(probeMessages, 'it', 'quotes.title')).toBe('quotes.title');
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('"quotes.title" asked for before the it texts of "quotes" loaded'));
    const loaded = loadTexts(probeMessages, 'it');
    expect(requested.sort()).toEqual(['it/quotes', 'it/shell']);
    await download('it/quotes').answer();
    await download('it/shell').answer();
    await loaded;
    expect(translate(probeMessages, 'it', 'quotes.title')).toBe('Preventivi');
    expect(has).toHaveBeenCalled();
  });
});
