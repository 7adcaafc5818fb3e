// business §3 upload result, as the dialog hands it to its caller (docs/api.md "Bulk upload and quick order").

/** An option a valid line takes: the value id for a choice, else the text. */
export interface BulkUploadOptionSelection {
  optionId: number;
  optionValue: string;
}

/** A valid line: every row of one product (and variant) merged, quantities added. */
export interface BulkUploadValidProduct {
  /** The variant's catalog number (the product's when no variant is chosen). */
  sku: string;
  qty: number;
  /** The first data row (from 1; shown plus one). */
  row: number;
  rowCount: number;
  productId: number;
  /** null when the pack size is still to choose (only with withModifiers). */
  variantId: number | null;
  productName: string;
  optionList: BulkUploadOptionSelection[];
  needsOptions: boolean;
  /** out_of_stock or insufficient_stock; null within the stock. */
  stockErrorCode: string | null;
  stockError: string | null;
  availableStock: number | null;
}

/** An error row: the SKU and quantity as typed. */
export interface BulkUploadErrorRow {
  sku: string;
  qty: string;
  row: number;
  error: string;
  errorCode: string;
}

export interface BulkUploadResult {
  uploadId: string | null;
  /** Data rows read (blank lines not counted). */
  rowCount: number;
  /** Valid lines (products) in all; validProduct may hold a page of them. */
  validCount: number;
  /** The rows merged into the valid lines, and the others (issue 36: "1,902 valid rows for 377 products"). */
  validRowCount: number;
  errorRowCount: number;
  /** Every error row; errorProduct lists the first 1,000 (errorProductCount), a page at a time. */
  errorCount: number;
  errorProductCount: number;
  validProduct: BulkUploadValidProduct[];
  errorProduct: BulkUploadErrorRow[];
  errorFile: string | null;
  errorFileDownloadUrl: string | null;
  stockErrorFile: string | null;
  stockErrorFileDownloadUrl: string | null;
  stockErrorSkus: string[];
}

/** What confirm hands to the caller. */
export interface BulkUploadConfirmation {
  validProducts: BulkUploadValidProduct[];
  /** The stock error file's signed link when some valid lines are beyond the stock (business §4). */
  stockErrorFileUrl: string | null;
  /** The upload's id: GET /api/v2/products/upload/{uploadId} gives fresh signed links (they live 5 minutes). */
  uploadId: string | null;
}
