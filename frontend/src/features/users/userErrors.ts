import { useCallback } from 'react';

import { useErrorText } from '../../lib/errorText';
import { GraphQLRequestError } from '../../lib/graphql';
import { useMessages } from '../../lib/i18n/I18nProvider';
import type { MessageKey } from '../../lib/i18n/keys';
import { usersMessages } from './messages';

// api.md "User management": the server's refusals by code (accounts.errors.UserManagementErrorCode and the generic
// ones the page meets), as translated texts. Field codes (email_in_company, email_unavailable, …) are the common
// `fieldError.<code>` texts (lib/fieldErrors.ts).
const TEXT_BY_CODE: Readonly<Record<string, MessageKey<typeof usersMessages>>> = {
  LAST_ADMIN: 'users.refusal.lastAdmin',
  CANNOT_DELETE_SELF: 'users.refusal.cannotDeleteSelf',
  CANNOT_CHANGE_OWN_ROLE: 'users.refusal.cannotChangeOwnRole',
  ADMIN_ROLE_REQUIRED: 'users.refusal.adminRoleRequired',
  ROLE_NOT_GRANTABLE: 'users.refusal.roleNotGrantable',
  INVITATION_NOT_PENDING: 'users.refusal.invitationNotPending',
  TOO_MANY_REQUESTS: 'users.refusal.tooManyRequests',
  NOT_FOUND: 'users.refusal.notFound',
  PERMISSION_DENIED: 'users.refusal.permissionDenied',
};

export function userRefusalKey(error: unknown): MessageKey<typeof usersMessages> | null {
  if (!(error instanceof GraphQLRequestError) || error.code === undefined) return null;
  return TEXT_BY_CODE[String(error.code)] ?? null;
}

/** The text of a failed user operation: the refusal's own text, else the portal's text for the failure. */
export function useUserErrorText(): (error: unknown) => string {
  const t = useMessages(usersMessages);
  const errorText = useErrorText();
  return useCallback(
    (error: unknown) => {
      const key = userRefusalKey(error);
      return key ? t(key) : errorText(error);
    },
    [t, errorText],
  );
}
