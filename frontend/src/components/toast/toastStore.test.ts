import { TOAST_DURATION_MS, clearToasts, dismissToast, getToasts, subscribeToasts, toast } from './toastStore';

describe('toast store (shell §8)', () => {
  let unsubscribe: () => void = () => undefined;
  beforeEach(() => {
    vi.useFakeTimers();
    unsubscribe = subscribeToasts(() => undefined); // a viewport shows them
  });
  afterEach(() => {
    unsubscribe();
    clearToasts();
    vi.useRealTimers();
  });

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

  it('issue 36: keeps a toast raised before any viewport shows it for 5000 ms from when one does', () => {
    unsubscribe();
    toast.error('Your session has expired. Please sign in again.');
    vi.advanceTimersByTime(TOAST_DURATION_MS * 3); // the portal's chunks still loading on a slow machine
    expect(getToasts()).toHaveLength(1);
    unsubscribe = subscribeToasts(() => undefined);
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toEqual([]);
  });
});
