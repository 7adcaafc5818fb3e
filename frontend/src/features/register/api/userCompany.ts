import { graphqlOperation } from '../../../lib/graphql';
import { USER_QUERY_SCOPE } from '../../../lib/session';

// The caller's company as its users see it: a rejected application to correct and resubmit.

export interface UserCompany {
  id: number;
  companyName: string;
  companyEmail: string;
  companyPhone: string;
  companyStatus: number;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  zipCode: string;
  countryCode: string;
  rejectionReason: string;
  extraFields: Record<string, string>;
  addressExtraFields: Record<string, string>;
  attachments: { id: string; fileName: string; fileSize: number; fileType: string }[];
}

export const USER_COMPANY = graphqlOperation<{ userCompany: UserCompany }, { userId: number }>(`
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

export const userCompanyQueryKey = (userId: number) => [USER_QUERY_SCOPE, 'userCompany', userId] as const;
