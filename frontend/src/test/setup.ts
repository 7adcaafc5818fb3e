import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

import { clearToasts } from '../components/toast/toastStore';
import { SUPPORTED_LANGUAGES } from '../lib/i18n/languages';
import { loadPortalCatalog } from '../lib/i18n/portalCatalogs';
import { clearB2BToken } from '../lib/session';

// findBy*/waitFor end a test that waits for what never comes; they are no speed limit. Pages and catalogs are loaded
// before the first test (renderPortal, below), answers are mocked, so what a test awaits comes as soon as the machine
// has rendered it: the limit only has to be out of reach of a loaded machine (issue 14 §1).
configure({ asyncUtilTimeout: 30_000 });

// Every language's catalog before the first test: a component rendered in any language has its texts at once, and
// no test races the lazy catalog import (start-up awaits it too; lib/i18n tests cover the lazy path itself).
beforeAll(() => Promise.all(SUPPORTED_LANGUAGES.map(loadPortalCatalog)));

afterEach(() => {
  cleanup();
  clearToasts();
  clearB2BToken();
  window.sessionStorage.clear();
  document.body.innerHTML = '';
  document.body.removeAttribute('style');
  window.history.replaceState(null, '', '/');
});
