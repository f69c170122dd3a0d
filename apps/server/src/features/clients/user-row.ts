import type { User } from '@brokerdesk/contract';
import type { users } from '../../db/schema.ts';

type UserRow = typeof users.$inferSelect;

/**
 * A users row as it travels: the entity's field names (docs/product.md [entities]), never the password hash.
 */
export function toWireUser(u: UserRow): User {
  return {
    _id: u.id,
    role: u.role as User['role'],
    title: (u.title as User['title']) ?? null,
    name: u.name,
    surname: u.surname,
    email: u.email,
    mobilePhone: u.mobilePhone,
    birthDay: u.birthDay,
    birthMonth: u.birthMonth,
    birthYear: u.birthYear,
    addressNo: u.addressNo,
    address: u.address,
    city: u.city,
    postcode: u.postcode,
    county: u.county,
    country: u.country,
    nationality: u.nationality,
    status: u.status as User['status'],
    accountType: u.accountType as User['accountType'],
    reason: u.reason,
    agentCode: u.agentCode,
    nullpointCmpId: u.nullpointCmpId,
    emailVerified: u.emailVerified,
    eKYCApproved: u.eKycApproved,
    eKYCPending: u.eKycPending,
    eKYCFlagged: u.eKycFlagged,
    registered: u.registered,
    firstAccountCreated: u.firstAccountCreated,
    timestamp: u.timestamp,
    hubspotLifecycleId: (u.hubspotLifecycleId as User['hubspotLifecycleId']) ?? null,
  };
}
