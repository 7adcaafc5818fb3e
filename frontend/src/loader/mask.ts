export const MASK_ID = 'b2b-portal-mask';

// shell §9 primary colour. The mask lives in its own shadow root so storefront CSS cannot restyle it.
const MASK_STYLE = `
  :host { all: initial; }
  .backdrop {
    position: fixed; inset: 0;
    display: flex; align-items: center; justify-content: center;
    background: rgba(255, 255, 255, 0.88);
  }
  .spinner {
    width: 44px; height: 44px; border-radius: 50%;
    border: 4px solid rgba(51, 133, 214, 0.2); border-top-color: #3385d6;
    animation: spin 0.8s linear infinite;
  }
  @keyframes spin { to { transform: rotate(360deg); } }
  @media (prefers-reduced-motion: reduce) { .spinner { animation-duration: 2.4s; } }
`;

export interface LoadingMask {
  show(): void;
  hide(): void;
  /** Reads the label again: the language's texts may arrive while the mask is up. */
  relabel(): void;
  readonly visible: boolean;
}

/** The full-screen start-up mask (shell §1), built without React so it shows before the portal chunk loads. */
export function createLoadingMask(doc: Document, label: () => string): LoadingMask {
  let host: HTMLElement | null = null;

  return {
    show() {
      if (host) return;
      host = doc.createElement('div');
      host.id = MASK_ID;
      host.setAttribute('role', 'progressbar');
      host.setAttribute('aria-label', label());
      host.setAttribute('aria-busy', 'true');
      host.style.cssText = 'all: initial !important; position: fixed !important; inset: 0 !important; z-index: 2147483001 !important; display: block !important;';
      const shadow = host.attachShadow({ mode: 'open' });
      const style = doc.createElement('style');
      style.textContent = MASK_STYLE;
      const backdrop = doc.createElement('div');
      backdrop.className = 'backdrop';
      const spinner = doc.createElement('div');
      spinner.className = 'spinner';
      backdrop.append(spinner);
      shadow.append(style, backdrop);
      doc.body.append(host);
    },
    hide() {
      host?.remove();
      host = null;
    },
    relabel() {
      host?.setAttribute('aria-label', label());
    },
    get visible() {
      return host !== null;
    },
  };
}
