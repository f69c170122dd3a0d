import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { normaliseIdentifier, ROLES, roleSchema, type Role } from '@brokerdesk/contract';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { audit } from '../audit/audit.ts';
import { newId } from '../lib/ids.ts';
import { hashPassword } from './passwords.ts';
import { staffPasswordProblem } from './password-policy.ts';

export type NewStaff = {
  email: string;
  name: string;
  surname?: string;
  /** Staff are normally ADMIN or SYSOP; any role of the contract is accepted. */
  role: string;
  password: string;
};

const emailSchema = z.email().max(254);

/** What is wrong with a new staff member's details, or null; checked before any database work. */
export function staffInputProblem(input: NewStaff): string | null {
  if (!emailSchema.safeParse(normaliseIdentifier(input.email)).success)
    return `Invalid email address: "${input.email}".`;
  if (!input.name.trim()) return 'The name is required.';
  if (!roleSchema.safeParse(input.role).success)
    return `Invalid role "${input.role}": use one of ${ROLES.join(', ')}.`;
  return staffPasswordProblem(input.password);
}

/**
 * Creates a staff member ready to sign in (the first SYSOP of an install, acceptance-test users):
 * argon2id password, status approved, email verified. Throws an Error whose message says what is
 * wrong with the input; emails are stored and compared in the
 * normal form sign-in looks them up by (normaliseIdentifier: trim, NFC, lower case).
 */
export async function createStaff(db: DbOrTx, input: NewStaff, now: number): Promise<{ id: string }> {
  const problem = staffInputProblem(input);
  if (problem) throw new Error(problem);
  const email = normaliseIdentifier(input.email);
  const taken = () => new Error(`A user with the email ${email} already exists.`);
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  if (existing) throw taken();

  const id = newId(now);
  const row = {
    id,
    role: roleSchema.parse(input.role) satisfies Role,
    name: input.name.trim(),
    surname: input.surname?.trim() ?? '',
    email,
    passwordHash: await hashPassword(input.password),
    status: 'approved',
    emailVerified: true,
    timestamp: now,
  };
  try {
    await db.transaction(async (tx) => {
      await tx.insert(users).values(row);
      // Through audit(), so the row joins the hash chain like every other.
      await audit(tx, now, {
        actorId: null,
        action: 'staff.create',
        entity: 'user',
        entityId: id,
        after: { email, name: row.name, surname: row.surname, role: row.role, status: row.status },
      });
    });
  } catch (err) {
    // Someone else took the email between the check and the insert.
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
  return { id };
}

/** PostgreSQL's unique_violation, whether the driver error is thrown as is or wrapped by drizzle. */
export function isUniqueViolation(err: unknown): boolean {
  let e = err;
  for (let depth = 0; depth < 5 && e instanceof Object; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
