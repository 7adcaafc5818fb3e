import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

import { clearToasts } from '../components/toast/toastStore';
import { loadAllCatalogParts } from '../lib/i18n/portalCatalogs';
import { clearB2BToken } from '../lib/session';

// findBy*/waitFor end a test that waits for what never comes; they are no speed limit. Pages and catalogs are loaded
// before the first test (renderPortal, below), answers are mocked, so what a test awaits comes as soon as the machine
// has rendered it: the limit only has to be out of reach of a loaded machine (issue 14 §1).
configure({ asyncUtilTimeout: 30_000 });

// Every part of every language's catalog before the first test: a component rendered in any language has its texts
// at once (it never suspends for them), and no test races a lazy catalog import (start-up awaits the shell part too;
// lib/i18n tests cover the lazy path itself, with catalogs of their own).
beforeAll(() => loadAllCatalogParts());

afterEach(() => {
  cleanup();
  clearToasts();
  // The next test opens a page nobody has signed in or out of yet (the sign-in page's notice depends on it).
  clearB2BToken({ reason: 'none' });
  window.sessionStorage.clear();
  document.body.innerHTML = '';
  document.body.removeAttribute('style');
  window.history.replaceState(null, '', '/');
});
