import {
  editPermissions,
  STAFF_MESSAGES,
  type EditPermissions,
  type EditUserRequest,
  type Role,
  type User,
  type editUserRequest,
} from '@brokerdesk/contract';
import type { z } from 'zod';
import { DETAIL_FIELD_KEYS } from '../components/client-details-fields.tsx';

export type EditUserValues = z.input<typeof editUserRequest>;
export type EditUserOutput = z.output<typeof editUserRequest>;

/** The form starts from the client as saved; passwords start empty (empty keeps the password). */
export function editUserDefaults(user: User): EditUserValues {
  return {
    _id: user._id,
    role: user.role,
    status: user.status,
    newEmail: user.email,
    password: '',
    password2: '',
    title: user.title,
    name: user.name,
    surname: user.surname,
    mobilePhone: user.mobilePhone,
    addressNo: user.addressNo,
    address: user.address,
    city: user.city,
    postcode: user.postcode,
    county: user.county,
    country: user.country,
    nationality: user.nationality,
    birthDay: user.birthDay ?? undefined,
    birthMonth: user.birthMonth ?? undefined,
    birthYear: user.birthYear ?? undefined,
    emailVerified: user.emailVerified,
    agentCode: user.agentCode,
    nullpointCmpId: user.nullpointCmpId,
  };
}

/** The body to send: a new email only when it changed, a password only when one was typed. */
export function toEditRequest(values: EditUserOutput, user: User): EditUserRequest {
  const { newEmail, password, password2, ...rest } = values;
  return {
    ...rest,
    ...(newEmail && newEmail !== user.email ? { newEmail } : {}),
    ...(password ? { password, password2 } : {}),
  };
}

/**
 * Why the form is not offered (docs/product.md [rules], [roles]), or null when the editor may edit the
 * target.
 */
export function blockedReason(editor: Role, target: Role): string | null {
  if (editPermissions(editor, target).canEdit) return null;
  return STAFF_MESSAGES.managedOnStaffScreen;
}

/** The roles the select offers: those the editor may give, plus the current one so it can be shown. */
export function roleOptions(
  perms: EditPermissions,
  current: Role,
): { value: Role; label: Role; disabled?: boolean }[] {
  const options: { value: Role; label: Role; disabled?: boolean }[] = perms.roles.map((role) => ({
    value: role,
    label: role,
  }));
  if (!perms.roles.includes(current)) options.push({ value: current, label: current, disabled: true });
  return options;
}

/**
 * Server error keys Edit User shows under its fields (docs/product.md [rule.edit-user]); `email` belongs to
 * the newEmail box.
 */
export const EDIT_FIELD_KEYS = [
  'email',
  'newEmail',
  'password',
  'password2',
  ...DETAIL_FIELD_KEYS,
  'agentCode',
  'nullpointCmpId',
  'role',
  'status',
] as const;
