import createCache, { type EmotionCache } from '@emotion/cache';

export const PORTAL_ROOT_ID = 'b2b-portal-root';
export const APP_CONTAINER_CLASS = 'b2b-app';
export const POPUP_CONTAINER_CLASS = 'b2b-popups';

export interface IsolatedRoot {
  host: HTMLElement;
  shadowRoot: ShadowRoot;
  /** React renders here. */
  appContainer: HTMLElement;
  /** Popovers, menus, dialogs and tooltips render here. */
  popupContainer: HTMLElement;
  /** Emotion writes the portal's styles into the shadow root, never into the storefront's <head>. */
  emotionCache: EmotionCache;
  show(): void;
  hide(): void;
  /** Declares the portal's language (`lang` on the host, which the shadow tree inherits) for screen readers. */
  setLanguage(language: string): void;
}

// `all: initial` stops the storefront's inherited styles (font, colour, line height…) at the host;
// !important keeps storefront rules such as `body > div { display: none }` from hiding or moving it.
const HOST_STYLE = [
  'all: initial !important',
  'position: fixed !important',
  'inset: 0 !important',
  'z-index: 2147483000 !important',
].join(';');

const SHADOW_STYLE = `
  :host { color-scheme: light; }
  .${APP_CONTAINER_CLASS} { position: absolute; inset: 0; overflow: hidden; }
  /* Headings and regions take focus on arrival (app/focus) to start the reading there, not to be operated: no ring. */
  h1[tabindex="-1"]:focus, h2[tabindex="-1"]:focus, main[tabindex="-1"]:focus { outline: none; }
`;

/** Creates (once) the portal's host element with its shadow root and emotion cache; reused across openings. */
export function getIsolatedRoot(doc: Document = document): IsolatedRoot {
  const existing = doc.getElementById(PORTAL_ROOT_ID) as (HTMLElement & { b2bIsolatedRoot?: IsolatedRoot }) | null;
  if (existing?.b2bIsolatedRoot) return existing.b2bIsolatedRoot;

  const host = doc.createElement('div') as HTMLElement & { b2bIsolatedRoot?: IsolatedRoot };
  host.id = PORTAL_ROOT_ID;
  const shadowRoot = host.attachShadow({ mode: 'open' });

  const style = doc.createElement('style');
  style.textContent = SHADOW_STYLE;
  const emotionContainer = doc.createElement('div');
  emotionContainer.dataset.emotion = 'b-portal';
  const appContainer = doc.createElement('div');
  appContainer.className = APP_CONTAINER_CLASS;
  const popupContainer = doc.createElement('div');
  popupContainer.className = POPUP_CONTAINER_CLASS;
  shadowRoot.append(style, emotionContainer, appContainer, popupContainer);

  const emotionCache = createCache({ key: 'b-portal', container: emotionContainer });

  const root: IsolatedRoot = {
    host,
    shadowRoot,
    appContainer,
    popupContainer,
    emotionCache,
    show: () => host.style.setProperty('display', 'block', 'important'),
    hide: () => host.style.setProperty('display', 'none', 'important'),
    setLanguage: (language) => {
      host.lang = language;
    },
  };
  host.style.cssText = HOST_STYLE;
  root.hide();
  host.b2bIsolatedRoot = root;
  doc.body.append(host);
  return root;
}
