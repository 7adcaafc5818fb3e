// Issue 22: the signed-in user's identity changed outside the portal (the headless API began or ended a masquerade),
// so the portal's cached user data (its query cache survives a close) is out of date. The portal chunk listens and
// loads it again. React-free: the loader's headless API and the portal chunk share this module.

type Listener = () => void;

const listeners = new Set<Listener>();

export function subscribeIdentityChanges(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function announceIdentityChanged(): void {
  [...listeners].forEach((listener) => listener());
}
