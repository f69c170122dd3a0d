import {
  UPLOAD_MAX_BYTES,
  UPLOAD_TYPES,
  type BankDetails,
  type UpdateBankAccountRequest,
} from '@brokerdesk/contract';

/** The Bank details form starts from the account as stored; codes are normalised by the contract on save. */
export function bankFormDefaults(bank: BankDetails): UpdateBankAccountRequest {
  return {
    _id: bank._id,
    bankName: bank.bankName,
    bankAddress: bank.bankAddress,
    bankCountry: bank.bankCountry,
    bankAccountCurrency: bank.bankAccountCurrency,
    bankAccountNumber: bank.bankAccountNumber,
    bankSortCode: bank.bankSortCode,
    bankIBAN: bank.bankIBAN,
    bankSwift: bank.bankSwift,
    status: bank.status,
    comment: bank.comment,
  };
}

/** The form's own fields; server errors on other keys (server, bankPOA, file) show below or by the upload. */
export const BANK_FIELD_KEYS = [
  'bankName',
  'bankAddress',
  'bankCountry',
  'bankAccountCurrency',
  'bankAccountNumber',
  'bankSortCode',
  'bankIBAN',
  'bankSwift',
  'status',
  'comment',
] as const;
export const UPLOAD_ERROR_KEYS = ['file', 'bankPOA', 'userId'] as const;

export const STATEMENT_ACCEPT = UPLOAD_TYPES.join(',');

/**
 * Checks a chosen statement before it is sent (the server checks again by content): one is needed
 * when 'Upload new document' is ticked, of an accepted type and at most 10 MB.
 */
export function statementProblem(upload: boolean, file: File | null): string | undefined {
  if (!upload) return undefined;
  if (!file) return 'Choose a file to upload.';
  if (!(UPLOAD_TYPES as readonly string[]).includes(file.type))
    return 'Only PDF, PNG or JPEG files are accepted.';
  if (file.size > UPLOAD_MAX_BYTES) return 'The file is larger than 10 MB.';
  return undefined;
}
