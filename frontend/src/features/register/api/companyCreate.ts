import { graphqlOperation } from '../../../lib/graphql';
import type { CompanyCreateMutation, CompanyCreateMutationVariables } from '../../../lib/graphqlTypes.generated';

// shell §7 companyCreate: a guest's application with its new account, or a signed-in applicant's own.

export type { CompanyCreateInput, CustomerRegistrationInput, ExtraFieldInput } from '../../../lib/graphqlTypes.generated';

export const COMPANY_CREATE = graphqlOperation<CompanyCreateMutation, CompanyCreateMutationVariables>(/* GraphQL */ `
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

export type CompanyCreateResult = CompanyCreateMutation['companyCreate'];
