import { z } from 'zod';
import { epochSchema, idSchema } from './common.ts';
import { roleSchema } from './roles.ts';
import { normaliseIdentifier } from './identifiers.ts';

/**
 * Staff management (docs/product.md [security.staff]): a SYSOP lists, invites, changes the role of,
 * disables and re-enables staff. Staff are users whose role is ADMIN or SYSOP.
 */

export const STAFF_ROLES = ['ADMIN', 'SYSOP'] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRoleSchema>;
/** approved: may sign in; disabled: may not, and every session has ended. */
export const staffStatusSchema = z.enum(['approved', 'disabled']);
export type StaffStatus = z.infer<typeof staffStatusSchema>;

export const STAFF_MESSAGES = {
  lastSysop: 'The last active SYSOP can be neither demoted nor disabled.',
  notStaff: 'No such staff member.',
  emailTaken: 'This email is already in use.',
  nothingToChange: 'Choose a role or a status to change.',
  invited: 'The invitation has been sent.',
  updated: 'The staff member has been updated; their sessions have ended.',
  sysopRecord: "Only a SYSOP acts on a SYSOP's record.",
  managedOnStaffScreen: 'Staff are managed on the Staff screen.',
} as const;

export const staffMemberSchema = z.object({
  _id: idSchema,
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  /** As stored: approved, disabled (an invited member who has not set a password yet is approved). */
  status: z.string(),
  /** When their newest session began; null: never signed in. */
  lastSignInAt: epochSchema.nullable(),
  /** Sessions that would be accepted now (not ended, not idle, not past 12 hours). */
  activeSessions: z.number().int().nonnegative(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** GET /api/admin/staff (ADMIN and SYSOP). */
export const staffListResponse = z.object({ staff: z.array(staffMemberSchema) });
export type StaffListResponse = z.infer<typeof staffListResponse>;

const personName = z.string().trim().min(1, 'Required.').max(100);

/** POST /api/admin/staff/invite (SYSOP): creates the member without a password and mails a set-password link. */
export const staffInviteRequest = z.strictObject({
  name: personName,
  surname: personName,
  /** Stored in the form sign-in looks it up by (normaliseIdentifier: trim, NFC, lower case). */
  email: z.string().overwrite(normaliseIdentifier).pipe(z.email('Invalid email address.').max(254)),
  role: staffRoleSchema,
});
export type StaffInviteRequest = z.infer<typeof staffInviteRequest>;
export const staffInviteResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  staff: staffMemberSchema,
});

/**
 * POST /api/admin/staff/update (SYSOP). A role below ADMIN means "no longer staff": the user stays as a
 * client record. Every change ends the member's sessions at once.
 */
export const staffUpdateRequest = z
  .strictObject({
    _id: idSchema,
    role: roleSchema.optional(),
    status: staffStatusSchema.optional(),
  })
  .refine((b) => b.role !== undefined || b.status !== undefined, {
    path: ['role'],
    message: STAFF_MESSAGES.nothingToChange,
  });
export type StaffUpdateRequest = z.infer<typeof staffUpdateRequest>;
export const staffUpdateResponse = z.object({ success: z.boolean(), message: z.string() });
