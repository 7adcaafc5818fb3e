import { vi } from 'vitest';

/** Makes `matchMedia` answer as a phone would: the portal's mobile layout applies at 750 px and below. */
export function mobileViewport() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width:750px'),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}
