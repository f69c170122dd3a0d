import { sql } from 'drizzle-orm';
import type { Db } from '@brokerdesk/server/db/client';
import { users } from '@brokerdesk/server/db/schema';
import { createStaff } from '@brokerdesk/server/auth/staff';

export const DEMO_SYSOP = {
  email: 'sysop@brokerdesk.local',
  password: 'Sysop-demo-2026',
  role: 'SYSOP',
  name: 'Sam',
  surname: 'Sysop',
} as const;
export const DEMO_ADMIN = {
  email: 'admin@brokerdesk.local',
  password: 'Admin-demo-2026',
  role: 'ADMIN',
  name: 'Alex',
  surname: 'Admin',
} as const;
/**
 * Sign-ins of a demo install, printed by `npm run seed`. The passwords are public: never create
 * these on a production database (the seed and the server's demo mode only do so on demand).
 */
export const DEMO_STAFF = [DEMO_SYSOP, DEMO_ADMIN] as const;

export type DemoSignIn = { email: string; password: string; role: string; created: boolean };

/** Creates the demo SYSOP and ADMIN unless a user with that email exists; lists both sign-ins. */
export async function ensureDemoStaff(db: Db, now = Math.floor(Date.now() / 1000)): Promise<DemoSignIn[]> {
  const out: DemoSignIn[] = [];
  for (const s of DEMO_STAFF) {
    const [existing] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${s.email}`);
    if (!existing) await createStaff(db, s, now);
    out.push({ email: s.email, password: s.password, role: s.role, created: !existing });
  }
  return out;
}
