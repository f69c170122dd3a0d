import { sql, type SQL } from 'drizzle-orm';
import type { TestApp } from '../support/test-app.ts';

/** An id per row of generate_series `g`, the prefix keeping each table's ids apart. */
export const hexId = (prefix: string) => sql.raw(`'${prefix}' || lpad(to_hex(g), 23, '0')`);

/**
 * One pending deposit, transfer, leverage change, sub-account request and IB request of `owner` per
 * row of `g` (a generate_series named g), and one IB code: what the long-list tests count and export.
 */
export async function seedPerRow(t: TestApp, owner: SQL, g: SQL) {
  await t.db.execute(sql`
    insert into deposits (id, user_id, timestamp, deposit_currency, deposit_amount_sent, account_number, status)
    select ${hexId('d')}, ${owner}, 1000000 + g, 'USD', 10, g, 'pending' from ${g}`);
  await t.db.execute(sql`
    insert into transfers (id, user_id, source_account, destination_account, transfer_currency,
                           transfer_amount, timestamp, status)
    select ${hexId('f')}, ${owner}, g, g + 1, 'USD', 10, 1000000 + g, 'pending' from ${g}`);
  await t.db.execute(sql`
    insert into leverage_changes (id, user_id, account_number, account_type, old_leverage, new_leverage,
                                  status, timestamp)
    select ${hexId('b')}, ${owner}, g, 'Standard', '1:100', '1:200', 'pending', 1000000 + g from ${g}`);
  await t.db.execute(sql`
    insert into sub_account_requests (id, user_id, type, live, base_currency, leverage, status, time_created)
    select ${hexId('c')}, ${owner}, 'Standard', true, 'USD', 100, 'pending', 1000000 + g from ${g}`);
  await t.db.execute(sql`
    insert into ib_requests (id, user_id, status, timestamp)
    select ${hexId('1')}, ${owner}, 'pending', 1000000 + g from ${g}`);
  await t.db.execute(sql`
    insert into ib_codes (id, name, code, agent_code, status_code, link, timestamp, time_created)
    select ${hexId('2')}, 'IB ' || g, 'code' || g, g, 'S', '', 1000000 + g, 1000000 + g from ${g}`);
}
