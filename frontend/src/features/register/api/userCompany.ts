import { graphqlOperation } from '../../../lib/graphql';
import type { UserCompanyQuery, UserCompanyQueryVariables } from '../../../lib/graphqlTypes.generated';
import { USER_QUERY_SCOPE } from '../../../lib/session';

// The caller's company as its users see it: a rejected application to correct and resubmit.

export const USER_COMPANY = graphqlOperation<UserCompanyQuery, UserCompanyQueryVariables>(/* GraphQL */ `
  query UserCompany($userId: Int!) {
    userCompany(userId: $userId) {
      id
      companyName
      companyEmail
      companyPhone
      companyStatus
      addressLine1
      addressLine2
      city
      state
      zipCode
      countryCode
      rejectionReason
      extraFields
      addressExtraFields
      attachments {
        id
        fileName
        fileSize
        fileType
      }
    }
  }
`);

/** `extraFields` / `addressExtraFields`: the custom fields' answers by field name (JSON). */
export type UserCompany = UserCompanyQuery['userCompany'];

export const userCompanyQueryKey = (userId: number) => [USER_QUERY_SCOPE, 'userCompany', userId] as const;
