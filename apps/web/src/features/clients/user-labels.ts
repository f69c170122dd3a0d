import { CRM_LIFECYCLE, CRM_LIFECYCLE_ORDER, type User, type UserStatus } from '@brokerdesk/contract';

/** Status labels (docs/product.md [states]: new is shown as 'New client'). */
export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  new: 'New client',
  pending: 'Pending',
  approved: 'Approved',
  disabled: 'Disabled',
  rejected: 'Rejected',
};

export const USER_STATUS_OPTIONS = (Object.keys(USER_STATUS_LABELS) as UserStatus[]).map((value) => ({
  value,
  label: USER_STATUS_LABELS[value],
}));

/**
 * docs/product.md [states]: the list flags new, pending and rejected; any other status is treated as
 * approved.
 */
export function countsAsApproved(status: UserStatus): boolean {
  return status !== 'new' && status !== 'pending' && status !== 'rejected';
}

/**
 * docs/product.md [screen.client-list]: an approved client without a first trading account is shown in red.
 */
export function approvedWithoutAccount(user: Pick<User, 'status' | 'firstAccountCreated'>): boolean {
  return countsAsApproved(user.status) && !user.firstAccountCreated;
}

export type EkycState = 'flagged' | 'approved' | 'pending' | 'nonapproved';

/** The eKYC column: FLAGGED wins, as a flag needs a person to look whatever the provider said. */
export function ekycState(user: Pick<User, 'eKYCApproved' | 'eKYCPending' | 'eKYCFlagged'>): EkycState {
  if (user.eKYCFlagged) return 'flagged';
  if (user.eKYCApproved) return 'approved';
  if (user.eKYCPending) return 'pending';
  return 'nonapproved';
}

export const EKYC_LABELS: Record<EkycState, string> = {
  flagged: 'FLAGGED',
  approved: 'Approved',
  pending: 'Pending',
  nonapproved: 'Non-approved',
};

export function crmLabel(id: User['hubspotLifecycleId']): string {
  return id ? CRM_LIFECYCLE[id].label : '';
}

/** In lifecycle order (Lead first, Deposited last): numeric-looking keys would sort by id instead. */
export const CRM_OPTIONS = CRM_LIFECYCLE_ORDER.map((value) => ({
  value,
  label: CRM_LIFECYCLE[value].label,
}));
