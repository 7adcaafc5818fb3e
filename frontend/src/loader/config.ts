import { DEFAULT_APP_CLIENT_ID, DEFAULT_CHANNEL_ID, type PortalConfig } from '../lib/config';

/**
 * Finds the <script> that loaded the loader. Module scripts have no `document.currentScript`, so it is matched
 * by URL (`import.meta.url`); a page that loads it some other way can still mark it with `data-api-origin`.
 */
export function findLoaderScript(doc: Document, moduleUrl: string): HTMLScriptElement | null {
  for (const script of Array.from(doc.querySelectorAll<HTMLScriptElement>('script[src]'))) {
    try {
      if (new URL(script.src, doc.baseURI).href === moduleUrl) return script;
    } catch {
      // An unparsable src is someone else's script.
    }
  }
  return doc.querySelector<HTMLScriptElement>('script[data-api-origin]') ?? doc.querySelector<HTMLScriptElement>('script[data-channel-id]');
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The portal's config from the script's data attributes; the API origin defaults to the script's origin. */
export function readLoaderConfig(doc: Document, moduleUrl: string): PortalConfig {
  const script = findLoaderScript(doc, moduleUrl);
  const data = script?.dataset ?? {};
  const apiOrigin = (data.apiOrigin && originOf(data.apiOrigin)) || originOf(moduleUrl) || doc.location.origin;
  const channelId = Number.parseInt(data.channelId ?? '', 10);
  const storefrontToken = data.storefrontToken?.trim();
  return {
    apiOrigin,
    channelId: Number.isInteger(channelId) && channelId > 0 ? channelId : DEFAULT_CHANNEL_ID,
    storeHash: data.storeHash ?? '',
    appClientId: data.appClientId?.trim() || DEFAULT_APP_CLIENT_ID,
    ...(storefrontToken ? { storefrontToken } : {}),
  };
}
