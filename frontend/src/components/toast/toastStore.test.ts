import { TOAST_DURATION_MS, dismissToast, getToasts, toast } from './toastStore';

describe('toast store (shell §8)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps each toast for 5000 ms', () => {
    toast.success('Saved.');
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toEqual([]);
  });

  it('stacks different toasts and replaces an identical one', () => {
    toast.error('A');
    toast.warning('B');
    toast.error('A');
    expect(getToasts().map((item) => [item.type, item.message])).toEqual([
      ['warning', 'B'],
      ['error', 'A'],
    ]);
  });

  it('dismisses on request', () => {
    const id = toast.info('Hello');
    dismissToast(id);
    expect(getToasts()).toEqual([]);
  });
});
