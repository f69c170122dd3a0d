import { z } from 'zod';
import { idSchema, pagedRequestSchema, totalCappedSchema } from './common.ts';
import { COUNTRY_CODES } from './countries.ts';
import {
  bankAccountSchema,
  bankAccountStatusSchema,
  currencySchema,
  lookupClientSchema,
} from './entities.ts';
import { MESSAGES } from './messages.ts';

/**
 * Bank verification (docs/product.md [screen.bank-accounts]), the bank calls of
 * docs/product.md [calls.accounts-funding] and statement uploads.
 */

/** The country whose banks use account number + sort code; every other country uses IBAN + SWIFT. */
export const UK_BANK_COUNTRY = 'GB';
/** docs/product.md [states]: rejected bank accounts are shown as DECLINED. */
export const BANK_TABS = { pending: 'PENDING', approved: 'APPROVED', rejected: 'DECLINED' } as const;
/** Each status group of the bank list holds at most this many rows, newest first. */
export const BANK_LIST_CAP = 500;

/** Uploads: one PDF, PNG or JPEG file of at most 10 MB. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
/** Stored file names are made by the server: letters, digits, dot, dash and underscore only. */
export const STORED_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*$/;

export const bankAccountsResponse = z.object({
  users: z.record(z.string(), lookupClientSchema),
  bankAccounts: z.object({
    pending: z.array(bankAccountSchema),
    approved: z.array(bankAccountSchema),
    rejected: z.array(bankAccountSchema),
  }),
});
export type BankAccountsResponse = z.infer<typeof bankAccountsResponse>;

/** The statuses of the server-paged bank list (one tab each; rejected is shown as DECLINED). */
export const BANK_LIST_STATUSES = bankAccountStatusSchema.options;
/**
 * The Bank Accounts screen's server-paged list: page, size, sort and filters (docs/product.md [api.paged]).
 */
export const bankAccountsPageRequest = pagedRequestSchema;
export const bankAccountsPageResponse = z.object({
  bankAccounts: z.array(bankAccountSchema),
  /** The clients of this page's accounts only. */
  users: z.record(z.string(), lookupClientSchema),
  /** All accounts of the status that match, over every page. */
  totalSize: z.number().int(),
  totalCapped: totalCappedSchema,
});
export type BankAccountsPageResponse = z.infer<typeof bankAccountsPageResponse>;

/** The Bank details modal: the account, a short-lived link to its statement ('' when none), its client. */
export const bankDetailsSchema = bankAccountSchema.extend({ bankPOAUrl: z.string() });
export type BankDetails = z.infer<typeof bankDetailsSchema>;
export const bankDetailsResponse = z.object({
  bankAccount: bankDetailsSchema,
  user: lookupClientSchema.nullable(),
});
export type BankDetailsResponse = z.infer<typeof bankDetailsResponse>;

/** IBAN lengths by country, from the SWIFT IBAN registry. */
const IBAN_LENGTHS: Readonly<Record<string, number>> = Object.fromEntries(
  (
    'AD24 AE23 AL28 AT20 AZ28 BA20 BE16 BG22 BH22 BI27 BR29 BY28 CH21 CR22 CY28 CZ24 DE22 DJ27 DK18 DO28 ' +
    'EE20 EG29 ES24 FI18 FK18 FO18 FR27 GB22 GE22 GI23 GL18 GR27 GT28 HN28 HR21 HU28 IE22 IL23 IQ23 IS26 ' +
    'IT27 JO30 KW30 KZ20 LB28 LC32 LI21 LT20 LU20 LV21 LY25 MC27 MD24 ME22 MK19 MN20 MR27 MT31 MU30 NI28 ' +
    'NL18 NO15 OM23 PK24 PL28 PS29 PT25 QA29 RO24 RS22 RU33 SA24 SC31 SD18 SE24 SI19 SK24 SM27 SO23 ST25 ' +
    'SV28 TL23 TN24 TR26 UA29 VA22 VG24 XK20 YE30'
  )
    .split(' ')
    .map((e) => [e.slice(0, 2), Number(e.slice(2))]),
);

/** Whether the country's banks use IBANs (the registry lists it). */
export function usesIban(country: string): boolean {
  return IBAN_LENGTHS[country] !== undefined;
}

/** Starts like an IBAN of a registry country: 2 letters of such a country, then 2 check digits. */
function looksLikeIban(iban: string): boolean {
  return usesIban(iban.slice(0, 2)) && /^[A-Z]{2}\d{2}/.test(iban);
}

/** A compact, upper-case IBAN: its country's length and the ISO 7064 mod-97 check (remainder 1). */
export function isValidIban(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban) || IBAN_LENGTHS[iban.slice(0, 2)] !== iban.length) return false;
  let rest = 0;
  for (const ch of iban.slice(4) + iban.slice(0, 4)) {
    // Letters count as 10..35; feeding digit by digit keeps the number small.
    for (const digit of String(parseInt(ch, 36))) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest === 1;
}

/** A compact SWIFT/BIC: bank (4 letters), country (2 letters), location (2), optional branch (3). */
export function isValidSwift(swift: string): boolean {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(swift);
}

/** Spaces and dashes people type are dropped; letters are upper-cased. */
export const compactCode = (s: string) => s.replace(/[\s-]+/g, '').toUpperCase();
const sortCodeOf = (s: string) => {
  const d = compactCode(s);
  return `${d.slice(0, 2)}-${d.slice(2, 4)}-${d.slice(4, 6)}`;
};

const required = (field: string, max: number) =>
  z
    .string({ error: `${field} is required.` })
    .trim()
    .min(1, `${field} is required.`)
    .max(max, `${field} is too long.`);
const optionalCode = (max: number) => z.string().trim().max(max, 'Too long.').default('');

/**
 * The Bank modal (docs/product.md [rule.bank-modal]): bank name, address and country required; UK banks need
 * account number and sort code, others IBAN and SWIFT; a rejection needs a comment. bankPOA is the stored
 * name that POST /upload returned, sent only when a new statement was uploaded. Codes come back normalised.
 */
export const updateBankAccountRequest = z
  .strictObject({
    _id: idSchema,
    bankName: required('Bank name', 120),
    bankAddress: required('Bank address', 300),
    bankCountry: z
      .string({ error: 'Country is required.' })
      .refine((c) => COUNTRY_CODES.includes(c), 'Country is required.'),
    bankAccountCurrency: currencySchema,
    bankAccountNumber: optionalCode(40),
    bankSortCode: optionalCode(20),
    bankIBAN: optionalCode(50),
    bankSwift: optionalCode(20),
    status: bankAccountStatusSchema,
    comment: z.string().trim().max(2000).default(''),
    bankPOA: z.string().max(255).regex(STORED_FILE_NAME, 'Upload the document again.').optional(),
    changeDocument: z.boolean().optional(),
  })
  .superRefine((b, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (b.status === 'rejected' && !b.comment) issue('comment', MESSAGES.rejectWithoutReason('account'));
    if (b.bankCountry === UK_BANK_COUNTRY) {
      const number = compactCode(b.bankAccountNumber);
      if (!number) issue('bankAccountNumber', 'Account number is required.');
      else if (!/^\d{8}$/.test(number)) issue('bankAccountNumber', 'Account number must be 8 digits.');
      const sort = compactCode(b.bankSortCode);
      if (!sort) issue('bankSortCode', 'Sort code is required.');
      else if (!/^\d{6}$/.test(sort)) issue('bankSortCode', 'Sort code must be 6 digits.');
      return;
    }
    const iban = compactCode(b.bankIBAN);
    if (!iban) issue('bankIBAN', 'IBAN is required.');
    else if (usesIban(b.bankCountry) || looksLikeIban(iban)) {
      if (!isValidIban(iban)) issue('bankIBAN', 'IBAN is invalid.');
    } else if (!/^[A-Z0-9]{4,34}$/.test(iban)) {
      // Countries outside the IBAN registry keep their local account number in this field.
      issue('bankIBAN', 'Account number is invalid.');
    }
    const swift = compactCode(b.bankSwift);
    if (!swift) issue('bankSwift', 'SWIFT is required.');
    else if (!isValidSwift(swift)) issue('bankSwift', 'SWIFT must be 8 or 11 letters and digits.');
  })
  .transform((b) => {
    const uk = b.bankCountry === UK_BANK_COUNTRY;
    // Only the layout of the chosen country is kept, so a stale IBAN never sits behind a UK account.
    return {
      ...b,
      bankAccountNumber: uk ? compactCode(b.bankAccountNumber) : '',
      bankSortCode: uk ? sortCodeOf(b.bankSortCode) : '',
      bankIBAN: uk ? '' : compactCode(b.bankIBAN),
      bankSwift: uk ? '' : compactCode(b.bankSwift),
    };
  });
export type UpdateBankAccountRequest = z.input<typeof updateBankAccountRequest>;
export const updateBankAccountResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  bankAccount: bankAccountSchema,
});

/** POST /upload: the stored name to send back as bankPOA, and a short-lived link to view it. */
export const uploadResponse = z.object({ file: z.string(), url: z.string() });
export type UploadResponse = z.infer<typeof uploadResponse>;

export const depositBankDetailsRequest = z.strictObject({ depositId: idSchema });
export const depositBankDetailsResponse = z.object({
  success: z.boolean(),
  /** The client's approved bank account (same currency as the deposit preferred), or null. */
  bankAccount: bankAccountSchema.nullable(),
  message: z.string().optional(),
});
