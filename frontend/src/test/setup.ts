import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

import { clearToasts } from '../components/toast/toastStore';
import { clearB2BToken } from '../lib/session';

// The first render of a test file loads the whole portal through the transformer; give findBy* queries time.
configure({ asyncUtilTimeout: 4000 });

afterEach(() => {
  cleanup();
  clearToasts();
  clearB2BToken();
  window.sessionStorage.clear();
  document.body.innerHTML = '';
  document.body.removeAttribute('style');
  window.history.replaceState(null, '', '/');
});
