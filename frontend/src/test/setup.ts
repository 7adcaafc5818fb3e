import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

import { clearToasts } from '../components/toast/toastStore';
import { clearB2BToken } from '../lib/session';

afterEach(() => {
  cleanup();
  clearToasts();
  clearB2BToken();
  window.sessionStorage.clear();
  document.body.innerHTML = '';
  document.body.removeAttribute('style');
  window.history.replaceState(null, '', '/');
});
