import { staffMember, type Account, type Client, type SeedState } from './context.ts';
import { DAY } from './random.ts';

const NOTES = [
  'Called the client: no answer, left a voicemail.',
  'Welcome call done; client interested in gold and indices.',
  'Sent a reminder about the proof of address.',
  'Client asked about leverage options.',
  'Client requested a call back next week.',
  'Explained the withdrawal process by email.',
] as const;

/**
 * The client log: what the client did (actioned by the client), what automation did ('SYSTEM'),
 * and notes of staff (actioned by a staff id; customName is the name shown for the actor).
 */
export function addLogs(state: SeedState, client: Client, accounts: Account[]): void {
  const { r } = state;
  const { user } = client;
  const log = (
    timestamp: number,
    event: string,
    actionedBy: string,
    customName: string,
    id = r.id(timestamp),
  ) => state.rows.client_logs.push({ id, userId: client.id, timestamp, event, actionedBy, customName });
  const asClient = (timestamp: number, event: string) => log(timestamp, event, client.id, client.fullName);

  asClient(client.since, 'Client registered.');
  let t = client.since;
  if (user.emailVerified) asClient((t = r.after(t, DAY)), 'Email address verified.');
  if (user.registered) asClient((t = r.after(t, 5 * DAY)), 'Application completed.');
  if (user.status !== 'new') {
    const byStaff = r.chance(0.6);
    const staff = staffMember(state);
    const reason = user.reason ? ` Reason: ${user.reason}` : '';
    const event = `Status changed to ${user.status}.${reason}`;
    t = r.after(t, 7 * DAY);
    if (staff && byStaff) log(t, event, staff.id, staff.name);
    else log(t, event, 'SYSTEM', 'System');
  }
  const first = accounts.find((a) => a.live);
  if (first) log(first.timeCreated, `Live trading account ${first.number} created.`, 'SYSTEM', 'System');
  const note = r.chance(0.3);
  const staff = staffMember(state);
  const noteAt = r.after(t, 60 * DAY);
  const text = r.one(NOTES);
  // The id is drawn even when no note is written, so that later clients do not depend on the staff.
  const noteId = r.id(noteAt);
  if (note && staff) log(noteAt, text, staff.id, staff.name, noteId);
}
