import { act } from '@testing-library/react';

import { FILTER_DELAY_MS } from '../components/listPage/FilterBar';

/**
 * A list page test's clock for the filter bar's typing delay: timers run on a fake clock that also follows real time,
 * and the returned `settle` moves it past the delay at once — so a check that nothing more was asked for never waits
 * on the machine's speed. Call it at the top of a test file.
 */
export function useFilterClock(): () => Promise<void> {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  return () =>
    act(async () => {
      await vi.advanceTimersByTimeAsync(FILTER_DELAY_MS + 1);
    });
}
