import { graphqlOperation } from '../../../lib/graphql';
import type { InvoicesExportMutation, InvoicesExportMutationVariables } from '../../../lib/graphqlTypes.generated';

// business §7 invoicesExport(filterData, lang) → url: a CSV of all, the filtered or the chosen invoices (idIn), its
// headings in the caller's language, written by a Celery task; the url is a signed link to the file.

export const INVOICES_EXPORT = graphqlOperation<InvoicesExportMutation, InvoicesExportMutationVariables>(/* GraphQL */ `
  mutation InvoicesExport($filterData: InvoiceExportFilter, $lang: String) {
    invoicesExport(filterData: $filterData, lang: $lang) { url fileName ready rowCount }
  }
`);

export type InvoiceExportFilter = NonNullable<InvoicesExportMutationVariables['filterData']>;
