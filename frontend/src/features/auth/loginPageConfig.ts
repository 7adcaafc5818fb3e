import { configText, type StorefrontConfigs } from '../../lib/store/storefrontConfig';

// The sign-in page's store settings (shell §3 `login_page_*` keys; their fields are ours, docs/decisions.md).

export interface LoginPageConfig {
  /** `login_page_html` on: the store's HTML shown above the sign-in form (sanitised when shown). */
  html: string | null;
  /** `login_page_display`: the "New Customer?" panel (and `extraFields.displayStoreLogo`, the logo). */
  showNewCustomerPanel: boolean;
  showStoreLogo: boolean;
  /** `login_page_button` on: the buttons' colour from `extraFields.color`, when it is a hex colour. */
  buttonColor: string | null;
}

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

const switchedOff = (configs: StorefrontConfigs | undefined, key: string) => configs?.[key]?.value === '0';

export function loginPageConfig(configs: StorefrontConfigs | undefined): LoginPageConfig {
  const html = configs?.login_page_html?.value === '1' ? configText(configs, 'login_page_html', 'html').trim() : '';
  const color = configText(configs, 'login_page_button', 'color').trim();
  return {
    html: html || null,
    showNewCustomerPanel: !switchedOff(configs, 'login_page_display'),
    showStoreLogo: configText(configs, 'login_page_display', 'displayStoreLogo') !== '0',
    buttonColor: configs?.login_page_button?.value === '1' && HEX_COLOR.test(color) ? color : null,
  };
}
