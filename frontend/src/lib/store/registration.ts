import type { StorefrontConfigs } from './storefrontConfig';

/** The config entry that turns registration on, with extraFields `{ b2b, b2c }` per kind (shell §6: both by default). */
export const REGISTRATION_CONFIG_KEY = 'account_login_registration';

export interface RegistrationKinds {
  business: boolean;
  personal: boolean;
}

/** Which accounts a visitor may register; a missing entry or extra field means allowed (the server's defaults). */
export function registrationKinds(configs: StorefrontConfigs | undefined): RegistrationKinds {
  const entry = configs?.[REGISTRATION_CONFIG_KEY];
  if (entry && entry.value !== '1') return { business: false, personal: false };
  const kind = (name: string) => {
    const value = entry?.extraFields[name];
    return value === undefined || value === null || String(value) === '1';
  };
  return { business: kind('b2b'), personal: kind('b2c') };
}
