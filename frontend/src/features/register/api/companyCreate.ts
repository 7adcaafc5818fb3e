import { graphqlOperation } from '../../../lib/graphql';

// shell §7 companyCreate: a guest's application with its new account, or a signed-in applicant's own.

export interface ExtraFieldInput {
  fieldName: string;
  fieldValue: string;
}

export interface CustomerRegistrationInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  phoneNumber: string;
  acceptsMarketing: boolean;
}

export interface CompanyCreateInput {
  customerId?: number;
  storeHash?: string;
  channelId: number;
  companyName: string;
  companyEmail: string;
  companyPhoneNumber: string;
  country: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  zipCode: string;
  extraFields: ExtraFieldInput[];
  fileList: string[];
  addressExtraFields: ExtraFieldInput[];
  userExtraFields: ExtraFieldInput[];
  customer?: CustomerRegistrationInput;
}

export interface CompanyCreateResult {
  companyId: number;
  companyStatus: number;
  customerId: number;
  autoApproved: boolean;
  resubmitted: boolean;
}

export const COMPANY_CREATE = graphqlOperation<{ companyCreate: CompanyCreateResult }, { companyData: CompanyCreateInput }>(`
  mutation CompanyCreate($companyData: CompanyCreateInput!) {
    companyCreate(companyData: $companyData) {
      companyId
      companyStatus
      customerId
      autoApproved
      resubmitted
    }
  }
`);
