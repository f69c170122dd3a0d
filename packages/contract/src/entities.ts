import { z } from 'zod';
import { roleSchema } from './roles.ts';
import { amountSchema, epochSchema, idSchema } from './common.ts';
import { ACCOUNT_TYPES, CURRENCIES, PLATFORMS, TITLES } from './constants.ts';

/**
 * Entities of docs/product.md [entities] as they travel on the wire. Secrets (passwords) never leave the
 * server.
 */

export const userStatusSchema = z.enum(['new', 'pending', 'approved', 'disabled', 'rejected']);
export type UserStatus = z.infer<typeof userStatusSchema>;
export const accountTypeSchema = z.enum(['Individual', 'Corporate']);
export const titleSchema = z.enum(TITLES);
export const currencySchema = z.enum(CURRENCIES);
export const platformSchema = z.enum(PLATFORMS);
export const tradingAccountTypeSchema = z.enum(ACCOUNT_TYPES);

/** CRM lifecycle (docs/product.md [entity.crm-lifecycle]): id -> short label and long form. */
export const CRM_LIFECYCLE = {
  '42': { label: 'Lead', long: '1. Leads/Welcome' },
  '61': { label: 'Level 1', long: '2. Level 1' },
  '78': { label: 'Level 2', long: '3. Level 2' },
  '46': { label: 'Registered', long: '4. Registered' },
  '44': { label: 'Deposited', long: '5. Deposited Client' },
} as const;
/** The stages in lifecycle order (an object's numeric-looking keys, and zod's enum options, sort by id). */
export const CRM_LIFECYCLE_ORDER = ['42', '61', '78', '46', '44'] as const;
export const crmLifecycleIdSchema = z.enum(CRM_LIFECYCLE_ORDER);

export const userSchema = z.object({
  _id: idSchema,
  role: roleSchema,
  title: titleSchema.nullable(),
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  mobilePhone: z.string(),
  birthDay: z.number().int().nullable(),
  birthMonth: z.number().int().nullable(),
  birthYear: z.number().int().nullable(),
  addressNo: z.string(),
  address: z.string(),
  city: z.string(),
  postcode: z.string(),
  county: z.string(),
  country: z.string(),
  nationality: z.string(),
  status: userStatusSchema,
  accountType: accountTypeSchema,
  reason: z.string(),
  agentCode: z.number().int().nullable(),
  nullpointCmpId: z.string(),
  emailVerified: z.boolean(),
  eKYCApproved: z.boolean(),
  eKYCPending: z.boolean(),
  eKYCFlagged: z.boolean(),
  registered: z.boolean(),
  firstAccountCreated: z.boolean(),
  timestamp: epochSchema,
  hubspotLifecycleId: crmLifecycleIdSchema.nullable(),
});
export type User = z.infer<typeof userSchema>;

export const applicationSchema = z.object({
  userId: idSchema,
  user: z.object({
    livingPeriod: z.string(),
    prevAddressNo: z.string(),
    prevAddress: z.string(),
    prevCity: z.string(),
    prevPostcode: z.string(),
    prevCountry: z.string(),
    prevLivingPeriod: z.string(),
    USResident: z.boolean(),
  }),
  employmentIncome: z.object({
    employmentStatus: z.string(),
    industry: z.string(),
    levelOfEducation: z.string(),
    annualSalary: z.string(),
    savings: z.string(),
    wealthSource: z.string(),
    expectedDeposit: z.string(),
  }),
  tradingExperience: z.object({
    experience: z.string(),
    understandTradingRisks: z.boolean(),
    understandTradingLoss: z.boolean(),
    reasonForOpeningAccount: z.string(),
  }),
  tradingPreferences: z.object({
    baseAccountCurrency: currencySchema,
    accountPlatform: platformSchema,
    accountType: tradingAccountTypeSchema,
    leverage: z.string(),
  }),
});
export type Application = z.infer<typeof applicationSchema>;

export const tradingAccountSchema = z.object({
  _id: idSchema,
  userId: idSchema,
  number: z.number().int(),
  platform: platformSchema,
  live: z.boolean(),
  approved: z.boolean(),
  managerGroup: z.string(),
  accountGroup: z.string(),
  type: tradingAccountTypeSchema,
  baseCurrency: currencySchema,
  leverage: z.number().int(),
  balance: amountSchema,
  equity: amountSchema,
  timeCreated: epochSchema,
  timeApproved: epochSchema.nullable(),
  /** Empty when the account was made by automation; shown as AUTOMATION. */
  adminId: z.string(),
});
export type TradingAccount = z.infer<typeof tradingAccountSchema>;

export const requestStatusSchema = z.enum([
  'pending',
  'approved',
  'rejected',
  'incomplete',
  'declined',
  'error',
]);
export type RequestStatus = z.infer<typeof requestStatusSchema>;
/** The platform side of a money movement: SUCCESS, the platform's error text, or empty before it ran. */
export const mtStatusSchema = z.string();

export const depositSchema = z.object({
  _id: idSchema,
  userId: idSchema,
  timestamp: epochSchema,
  transactionId: z.string(),
  paymentGatewayService: z.string(),
  depositType: z.string(),
  depositPaymentName: z.string(),
  depositCurrency: currencySchema,
  depositAmountSent: amountSchema,
  accountNumber: z.number().int(),
  accountPlatform: platformSchema,
  status: requestStatusSchema,
  adminId: z.string(),
  timeApproved: epochSchema.nullable(),
  timeRejected: epochSchema.nullable(),
  comment: z.string(),
  modifyDealAmount: z.boolean(),
  dontEmailUser: z.boolean(),
  MTStatus: mtStatusSchema,
});
export type Deposit = z.infer<typeof depositSchema>;

export const withdrawalTypeSchema = z.enum(['wire', 'crypto', 'others']);
export const withdrawalSchema = z.object({
  _id: idSchema,
  userId: idSchema,
  gateway: z.string(),
  paymentGatewayService: z.string(),
  requestId: z.string(),
  withdrawalType: withdrawalTypeSchema,
  withdrawalPaymentName: z.string(),
  cryptoCurrency: z.string(),
  withdrawalCurrency: currencySchema,
  withdrawalAmount: amountSchema,
  accountNumber: z.number().int(),
  timestamp: epochSchema,
  timeApproved: epochSchema.nullable(),
  /** When staff rejected it (as a deposit's); timeApproved stays null for a rejection. */
  timeRejected: epochSchema.nullable(),
  adminId: z.string(),
  status: requestStatusSchema,
  comment: z.string(),
  dontEmailUser: z.boolean(),
  modifyDealAmount: z.boolean(),
  MTStatus: mtStatusSchema,
  bankId: z.string(),
  /** Card-style payment provider: whether it handles this withdrawal, its order id, and one status per party. */
  providerHandled: z.boolean(),
  providerOrderId: z.string(),
  providerStatus: z.string(),
  providerPayoutStatus: z.string(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const transferSchema = z.object({
  _id: idSchema,
  userId: idSchema,
  sourceAccount: z.number().int(),
  sourceAccountPlatform: platformSchema,
  destinationAccount: z.number().int(),
  destinationAccountPlatform: platformSchema,
  transferCurrency: currencySchema,
  transferAmount: amountSchema,
  sourceMTStatus: mtStatusSchema,
  destinationMTStatus: mtStatusSchema,
  timestamp: epochSchema,
  status: requestStatusSchema,
  /** When the status last changed, by status. */
  times: z.record(z.string(), epochSchema),
  comment: z.string(),
});
export type Transfer = z.infer<typeof transferSchema>;

export const bankAccountStatusSchema = z.enum(['pending', 'approved', 'rejected']);
export const bankAccountSchema = z.object({
  _id: idSchema,
  userId: idSchema,
  bankName: z.string(),
  bankAddress: z.string(),
  bankCountry: z.string(),
  bankAccountCurrency: currencySchema,
  bankAccountNumber: z.string(),
  bankSortCode: z.string(),
  bankIBAN: z.string(),
  bankSwift: z.string(),
  bankPOA: z.string(),
  status: bankAccountStatusSchema,
  comment: z.string(),
  timestamp: epochSchema,
  changeDocument: z.boolean(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

export const leverageChangeSchema = z.object({
  _id: idSchema,
  userId: idSchema,
  accountNumber: z.number().int(),
  accountType: tradingAccountTypeSchema,
  oldLeverage: z.string(),
  newLeverage: z.string(),
  status: requestStatusSchema,
  comment: z.string(),
  timestamp: epochSchema,
  MTStatus: mtStatusSchema,
});
export type LeverageChange = z.infer<typeof leverageChangeSchema>;

export const subAccountRequestSchema = z.object({
  _id: idSchema,
  userId: idSchema,
  type: tradingAccountTypeSchema,
  live: z.boolean(),
  platform: platformSchema,
  baseCurrency: currencySchema,
  leverage: z.number().int(),
  balance: amountSchema.nullable(),
  status: requestStatusSchema,
  comment: z.string(),
  timeCreated: epochSchema,
  adminRequested: z.boolean(),
});
export type SubAccountRequest = z.infer<typeof subAccountRequestSchema>;

export const lookupClientSchema = z.object({ name: z.string(), surname: z.string(), email: z.string() });
export type LookupClient = z.infer<typeof lookupClientSchema>;

export const logEntrySchema = z.object({
  _id: idSchema,
  userId: idSchema,
  timestamp: epochSchema,
  event: z.string(),
  actionedBy: z.string(),
  customName: z.string(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

export const groupStatusSchema = z.enum(['active', 'disabled']);
export const groupSchema = z.object({
  groupId: z.string(),
  groupName: z.string(),
  groupStatus: groupStatusSchema,
  timestamp: epochSchema,
  /** Rows with Copy flag D are shown red. */
  copy: z.string(),
});
export type Group = z.infer<typeof groupSchema>;

export const ibRequestSchema = z.object({
  _id: idSchema,
  userId: idSchema,
  question1: z.string(),
  answer1: z.string(),
  question2: z.string(),
  answer2: z.string(),
  question3: z.string(),
  answer3: z.string(),
  question4: z.string(),
  answer4: z.string(),
  status: requestStatusSchema,
  errorMessage: z.string(),
  comment: z.string(),
  timestamp: epochSchema,
});
export type IbRequest = z.infer<typeof ibRequestSchema>;

export const partnerEmailSettingsSchema = z.object({
  partnerUserRegistered: z.boolean(),
  partnerUserApproved: z.boolean(),
  partnerUserKYCApproved: z.boolean(),
  partnerUserDeposited: z.boolean(),
  partnerUserWithdrawalRequest: z.boolean(),
});
export type PartnerEmailSettings = z.infer<typeof partnerEmailSettingsSchema>;

export const ibCodeSchema = z.object({
  _id: idSchema,
  name: z.string(),
  code: z.string(),
  agentCode: z.number().int(),
  statusCode: z.string(),
  link: z.string(),
  timestamp: epochSchema,
  timeCreated: epochSchema,
  timeApproved: epochSchema.nullable(),
});
export type IbCode = z.infer<typeof ibCodeSchema>;

export const ibCountersSchema = z.object({
  availableIbCodes: z.number().int(),
  totalIbCodes: z.number().int(),
  availableSubcodes: z.number().int(),
  totalSubcodes: z.number().int(),
});
export type IbCounters = z.infer<typeof ibCountersSchema>;

export const menuCountersSchema = z
  .object({
    newClients: z.number().int(),
    newIntroducerRequests: z.number().int(),
    newDeposits: z.number().int(),
    newWithdrawals: z.number().int(),
    newTransfers: z.number().int(),
    newBankDetails: z.number().int(),
    newSubAccounts: z.number().int(),
    newChangeLeverages: z.number().int(),
    /** Open critical reconciliation mismatches (money moved twice): the red badge on Reconciliation. */
    criticalMismatches: z.number().int(),
  /** Alerts still open on clients' money (docs/product.md [alerts]): the badge on Alerts. */
  openAlerts: z.number().int(),
  })
  // A request kind's own counter (its wire half names it) beside the product's.
  .catchall(z.number().int());
export type MenuCounters = z.infer<typeof menuCountersSchema>;
