import { sql } from 'drizzle-orm';
import type { BeforeStart } from '@brokerdesk/server/start-server';
import { users } from '@brokerdesk/server/db/schema';
import { verifyPassword } from '@brokerdesk/server/auth/passwords';
import { seedDemoData } from './seed.ts';
import { uploadsDir } from '@brokerdesk/server/features/banks/file-store';
import { DEMO_STAFF, ensureDemoStaff } from './demo-staff.ts';

export const START_DEMO_CLIENTS = 500;

/**
 * On the embedded database (evaluation and demos) an empty database is filled with demo data and demo
 * staff, so a fresh clone shows a working console. A PostgreSQL database (production) is never seeded
 * by `npm start`: use `npm run seed` or `npm run staff` there. Answers the welcome lines naming the demo
 * sign-ins that still work (on either database).
 */
export const prepareDemo: BeforeStart = async (db, config, log) => {
  if (!config.databaseUrl) {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
    if (row?.n === 0) {
      log.info({ clients: START_DEMO_CLIENTS }, 'empty embedded database: adding demo data');
      // Staff first, so the demo approvals are signed by them rather than shown as AUTOMATION.
      await ensureDemoStaff(db);
      // Dated from now, so the demo shows recent requests.
      await seedDemoData(db, {
        clients: START_DEMO_CLIENTS,
        seed: 1,
        publicUrl: config.publicUrl,
        now: Math.floor(Date.now() / 1000),
        uploadsDir: uploadsDir(config.dataDir),
        alertCases: true,
      });
    }
  }
  const staff = [];
  for (const s of DEMO_STAFF) {
    const [u] = await db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(sql`lower(${users.email}) = ${s.email}`);
    if (u && (await verifyPassword(u.hash, s.password))) staff.push(s);
  }
  if (staff.length === 0) return [];
  return [
    '  demo staff sign-in:',
    ...staff.map((s) => `    ${s.role.padEnd(6)} ${s.email}  password: ${s.password}`),
  ];
};
