import type { Messages } from '@lingui/core';
import { render, screen } from '@testing-library/react';

import { mockGraphQL } from '../../test/graphqlMock';
import { commonMessages } from '../messages';
import { I18nProvider, useMessages } from './I18nProvider';
import { messageNamespace } from './keys';
import { SUPPORTED_LANGUAGES, type Language } from './languages';
import { createPortalCatalogs, translate } from './portalCatalogs';
import { createTranslationStore } from './translations';

const compiled: Record<Language, () => Promise<{ default: Messages }>> = {
  en: () => import('../../locales/en/portal.json?catalog'),
  zh: () => import('../../locales/zh/portal.json?catalog'),
  fr: () => import('../../locales/fr/portal.json?catalog'),
  nl: () => import('../../locales/nl/portal.json?catalog'),
  de: () => import('../../locales/de/portal.json?catalog'),
  it: () => import('../../locales/it/portal.json?catalog'),
  es: () => import('../../locales/es/portal.json?catalog'),
};

/** Catalogs whose downloads the test answers itself, recording which languages were asked for. */
function controlledCatalogs() {
  const requested: Language[] = [];
  const pending = new Map<Language, { answer(): Promise<void>; fail(): void }>();
  const catalogs = createPortalCatalogs(
    Object.fromEntries(
      SUPPORTED_LANGUAGES.map((language) => [
        language,
        () => {
          requested.push(language);
          return new Promise<{ default: Messages }>((resolve, reject) => {
            pending.set(language, {
              answer: async () => resolve(await compiled[language]()),
              fail: () => reject(new TypeError('Failed to fetch dynamically imported module')),
            });
          });
        },
      ]),
    ) as Record<Language, () => Promise<{ default: Messages }>>,
  );
  return { catalogs, requested, download: (language: Language) => pending.get(language)! };
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

describe('portal catalogs, one per language, loaded lazily', () => {
  it('fetch only the language asked for, once, as compiled messages (no ICU parser at run time)', async () => {
    const { catalogs, requested, download } = controlledCatalogs();
    const first = catalogs.load('de');
    const second = catalogs.load('de');
    expect(catalogs.get('de')).toBeNull();
    await download('de').answer();

    expect(await first).toBe(await second);
    expect(requested).toEqual(['de']);
    expect(catalogs.get('de')!._('quotes.resultCount', { count: 1 })).toBe('1 Angebot');
    expect(catalogs.get('en')).toBeNull();
    expect((await compiled.de()).default['quotes.resultCount']).toEqual([
      ['count', 'plural', { offset: undefined, one: ['#', ' Angebot'], other: ['#', ' Angebote'] }],
    ]);
  });

  it('try a failed download again on the next load', async () => {
    const { catalogs, requested, download } = controlledCatalogs();
    const failed = catalogs.load('fr');
    download('fr').fail();
    await expect(failed).rejects.toThrow('Failed to fetch');

    const retried = catalogs.load('fr');
    await download('fr').answer();
    expect((await retried)._('quotes.title')).toBe('Devis');
    expect(requested).toEqual(['fr', 'fr']);
  });

  it('render nothing until the language’s catalog is there, never a key; a new language loads only its own', async () => {
    const { catalogs, requested, download } = controlledCatalogs();
    const view = render(
      <I18nProvider language="de" catalogs={catalogs}>
        <Probe />
      </I18nProvider>,
    );
    expect(view.container).toBeEmptyDOMElement();

    await download('de').answer();
    expect(await screen.findByRole('heading', { name: 'Angebote' })).toBeInTheDocument();
    expect(screen.getByText('2 Angebote')).toBeInTheDocument();
    expect(screen.getByText('Einkaufsportal von Helix')).toBeInTheDocument();

    view.rerender(
      <I18nProvider language="nl" catalogs={catalogs}>
        <Probe count={1} />
      </I18nProvider>,
    );
    expect(view.container).toBeEmptyDOMElement();
    await download('nl').answer();
    expect(await screen.findByRole('heading', { name: 'Offertes' })).toBeInTheDocument();
    expect(screen.getByText('1 offerte')).toBeInTheDocument();
    expect(requested).toEqual(['de', 'nl']);
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
});
