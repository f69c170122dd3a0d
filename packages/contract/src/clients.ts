import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { idSchema, pagedRequestSchema, totalCappedSchema } from './common.ts';
import { roleSchema } from './roles.ts';
import {
  accountTypeSchema,
  applicationSchema,
  logEntrySchema,
  partnerEmailSettingsSchema,
  titleSchema,
  userSchema,
  userStatusSchema,
} from './entities.ts';
import { MIN_PASSWORD_LENGTH } from './constants.ts';

/**
 * Calls of docs/product.md [calls.clients] and the partner mail settings of [calls.partners] (client
 * management).
 */

export const USER_LIST_STATUSES = ['all', 'new', 'approved', 'pending', 'rejected'] as const;
export const userListStatusSchema = z.enum(USER_LIST_STATUSES);
export type UserListStatus = z.infer<typeof userListStatusSchema>;
export const USER_LIST_TITLES: Record<UserListStatus, string> = {
  all: 'All Accounts',
  new: 'New Clients',
  approved: 'Approved Accounts',
  pending: 'Pending Accounts',
  rejected: 'Rejected Accounts',
};

/** Sortable and filterable columns of the user list (field names of the entity). */
export const USER_LIST_SORT_FIELDS = [
  'timestamp',
  'status',
  'accountType',
  'name',
  'surname',
  'email',
  'country',
  'agentCode',
  'registered',
  'eKYCApproved',
  'hubspotLifecycleId',
  'reason',
] as const;

export const usersListRequest = pagedRequestSchema;
export const usersListResponse = z.object({
  success: z.boolean(),
  clients: z.array(userSchema),
  totalSize: z.number().int(),
  totalCapped: totalCappedSchema,
  error: z.string().optional(),
});
export type UsersListResponse = z.infer<typeof usersListResponse>;

export const profileResponse = z.object({ user: userSchema });
export const adminsResponse = z.object({ admins: z.record(z.string(), z.string()) });

const trimmed = (max: number) => z.string().trim().max(max);
const required = (field: string, max = 120) => trimmed(max).min(1, `${field} is required.`);
const emailField = trimmed(254)
  .min(1, MESSAGES.emailRequired)
  .pipe(z.email({ error: MESSAGES.emailInvalid }));
const birth = {
  birthDay: z.number().int().min(1).max(31),
  birthMonth: z.number().int().min(1).max(12),
  birthYear: z.number().int().min(1900).max(2100),
};

/**
 * Add User (docs/product.md [rule.add-user]): required fields with the field keys the form shows errors
 * under.
 */
export const registerUserRequest = z
  .strictObject({
    email: emailField,
    password: z.string().min(MIN_PASSWORD_LENGTH, MESSAGES.passwordTooShort).max(200),
    password2: z.string().max(200),
    title: titleSchema.nullable().default(null),
    name: required('Name'),
    surname: required('Surname'),
    mobilePhone: required('Mobile phone', 40).regex(/^\+?[0-9 ()-]{5,}$/, 'Mobile phone is invalid.'),
    addressNo: required('Street number', 40),
    address: required('Street address', 200),
    city: required('City'),
    postcode: required('Postcode', 20),
    county: trimmed(120).default(''),
    country: z.string().regex(/^[A-Z]{2}$/, 'Country is required.'),
    nationality: z.string().regex(/^[A-Z]{2}$/, 'Nationality is required.'),
    accountType: accountTypeSchema.default('Individual'),
    ...birth,
  })
  .refine((u) => u.password === u.password2, { path: ['password2'], message: MESSAGES.passwordsMustMatch });
export type RegisterUserRequest = z.input<typeof registerUserRequest>;
export const registerUserResponse = z.object({ success: z.boolean(), user: userSchema });

/**
 * Edit User (docs/product.md [rule.edit-user], [roles]). Empty password fields leave the password as it is.
 */
export const editUserRequest = z
  .strictObject({
    _id: idSchema,
    role: roleSchema,
    status: userStatusSchema,
    newEmail: emailField.optional(),
    password: z.string().max(200).default(''),
    password2: z.string().max(200).default(''),
    title: titleSchema.nullable().optional(),
    name: required('Name').optional(),
    surname: required('Surname').optional(),
    mobilePhone: required('Mobile phone', 40).optional(),
    addressNo: trimmed(40).optional(),
    address: required('Address', 200).optional(),
    city: required('City').optional(),
    postcode: required('Postcode', 20).optional(),
    county: trimmed(120).optional(),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, 'Country is invalid.')
      .optional(),
    nationality: z
      .string()
      .regex(/^[A-Z]{2}$/, 'Nationality is invalid.')
      .optional(),
    birthDay: birth.birthDay.optional(),
    birthMonth: birth.birthMonth.optional(),
    birthYear: birth.birthYear.optional(),
    emailVerified: z.boolean().optional(),
    agentCode: z.number().int().min(0).nullable().optional(),
    nullpointCmpId: trimmed(64).optional(),
  })
  .refine((u) => u.password === '' || u.password.length >= MIN_PASSWORD_LENGTH, {
    path: ['password'],
    message: MESSAGES.passwordTooShort,
  })
  .refine((u) => u.password === u.password2, { path: ['password2'], message: MESSAGES.passwordsMustMatch });
export type EditUserRequest = z.input<typeof editUserRequest>;
export const editUserResponse = z.object({ success: z.boolean(), user: userSchema });

export const changeAccountTypeRequest = z.strictObject({
  changeTo: accountTypeSchema,
  userData: z.object({ _id: idSchema }).loose(),
});
export const successResponse = z.object({ success: z.boolean(), message: z.string().optional() });

export const addLogRequest = z.strictObject({
  userId: idSchema,
  event: z.string().trim().min(1, MESSAGES.eventRequired).max(2000),
});
export const logsResponse = z.array(logEntrySchema);

export const PROCESS_USER_STATUSES = ['approved', 'pending', 'rejected'] as const;
export const processUserRequest = z
  .strictObject({
    userId: idSchema,
    status: z.enum(PROCESS_USER_STATUSES),
    reason: z.string().trim().max(2000).default(''),
  })
  .refine((b) => b.status !== 'pending' || b.reason.length > 0, {
    path: ['reason'],
    message: MESSAGES.reasonRequired,
  });
export const processUserResponse = z.object({ success: z.boolean(), reload: z.boolean() });

export const clientApplicationResponse = z.object({ application: applicationSchema.nullable() });

export const kycDocumentEntry = z.object({
  idDocType: z.string(),
  imageIds: z.array(z.string()),
  uploaded: z.boolean(),
  verified: z.boolean(),
  viewUrl: z.string(),
  reportUrl: z.string(),
});
export const kycDocumentsResponse = z.object({
  IDENTITY: kycDocumentEntry.nullable(),
  PROOF_OF_RESIDENCE: kycDocumentEntry.nullable(),
  inspectionId: z.string(),
});
export const kycApplicantResponse = z.object({
  applicantId: z.string(),
  reviewStatus: z.string(),
  reviewAnswer: z.string(),
  createdAt: z.number().int(),
});

export const partnerEmailSettingsRequest = z.strictObject({
  partnerId: idSchema,
  agentCode: z.number().int().nullable().optional(),
  ...partnerEmailSettingsSchema.shape,
});
export const partnerEmailSettingsResponse = z.array(
  partnerEmailSettingsSchema.extend({ partnerId: idSchema, agentCode: z.number().int().nullable() }),
);

/** KYC provider image ids: opaque, but only ever digits, letters, '-' and '_'. */
export const KYC_IMAGE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The query of a signed KYC document or report link (GET /api/kyc/...): its expiry and signature. */
export const kycSignedQuery = z.object({
  exp: z.coerce.number().int(),
  s: z.string().max(64).optional(),
  sig: z.string().max(100),
});
