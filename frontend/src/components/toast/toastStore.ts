// shell §8/§9: four toast types, auto-hidden after 5000 ms; without a message the text is the type plus
// " without any info." (translated in ToastViewport). The 5000 ms count from when a toast can be seen: one raised before
// any viewport shows it (during start-up, while the portal's chunks load on a slow machine) waits for one (issue 36).
export type ToastType = 'error' | 'success' | 'info' | 'warning';

export const TOAST_DURATION_MS = 5000;

export interface Toast {
  id: number;
  type: ToastType;
  message?: string;
}

type Listener = () => void;

let toasts: readonly Toast[] = [];
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();
/** Toasts raised while nothing shows them: id → how long to show them once something does. */
const unseen = new Map<number, number>();
const listeners = new Set<Listener>();

function startHiding(id: number, durationMs: number): void {
  timers.set(id, setTimeout(() => dismissToast(id), durationMs));
}

function emit(next: readonly Toast[]): void {
  toasts = next;
  listeners.forEach((listener) => listener());
}

export function dismissToast(id: number): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
  unseen.delete(id);
  if (toasts.some((item) => item.id === id)) emit(toasts.filter((item) => item.id !== id));
}

export function showToast(type: ToastType, message?: string, durationMs: number = TOAST_DURATION_MS): number {
  const text = message?.trim();
  // The same text already on screen is not stacked twice (parallel requests failing alike).
  const duplicate = toasts.find((item) => item.type === type && item.message === (text || undefined));
  if (duplicate) dismissToast(duplicate.id);
  const id = nextId++;
  emit([...toasts, text ? { id, type, message: text } : { id, type }]);
  if (listeners.size > 0) startHiding(id, durationMs);
  else unseen.set(id, durationMs);
  return id;
}

export const toast = {
  error: (message?: string) => showToast('error', message),
  success: (message?: string) => showToast('success', message),
  info: (message?: string) => showToast('info', message),
  warning: (message?: string) => showToast('warning', message),
};

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  unseen.forEach((durationMs, id) => startHiding(id, durationMs));
  unseen.clear();
  return () => listeners.delete(listener);
}

export function getToasts(): readonly Toast[] {
  return toasts;
}

/** Removes every toast and timer (portal closed, tests). */
export function clearToasts(): void {
  timers.forEach((timer) => clearTimeout(timer));
  timers.clear();
  unseen.clear();
  if (toasts.length > 0) emit([]);
}
