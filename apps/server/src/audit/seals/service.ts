import crypto from 'node:crypto';
import { and, asc, desc, eq, gt, gte, isNotNull, isNull, lt, lte, max, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { auditHead, auditLog, auditSeal } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { GENESIS_HASH, chainHash } from '../chain.ts';
import type { AuditSigningKey } from './key.ts';
import { inclusionPath, merkleRoot } from './merkle.ts';
import { dayOf, dayStart, signStatement, signatureProblem, type SignedSeal } from './statement.ts';

const DAY = 86_400;
/** Held for the transaction that seals a day: with several servers, one seals it and the others find it sealed. */
const SEAL_LOCK = 7_302_2026;
/**
 * At most this many days are sealed in one round. It also bounds the first seal: on a database with an
 * older history, the first sealed day is at most this many days back and its seal also covers every
 * earlier record.
 */
export const SEAL_BACKLOG_DAYS = 31;
/** A claim on an anchor mail older than this was left by a server that stopped while sending. */
const MAILING_STALE_SECONDS = 600;

type Log = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
};

export type SealProblem = { day: string; recordId?: number; reason: string };

export type SealsVerifyResult = {
  ok: boolean;
  seals: number;
  records: number;
  /** The key ids that signed the seals, oldest first (more than one after a rotation). */
  keyIds: string[];
  problems: SealProblem[];
};

/** One record's path to its day's signed root: what an evidence pack carries for it. */
export type InclusionProof = {
  recordId: number;
  chainHash: string;
  /** Its place among the day's records (0 first) and how many there are. */
  index: number;
  size: number;
  path: string[];
  seal: SignedSeal;
};

export type AnchorCheck = {
  status: 'matches' | 'behind' | 'differs' | 'invalid';
  day: string;
  reason: string;
  /** For 'behind': the last record the database holds, and the last the anchor covers. */
  headId?: number;
  anchorLastSeq?: number;
};

type SealRow = typeof auditSeal.$inferSelect;

export const asSigned = (r: SealRow): SignedSeal => ({
  v: 1,
  day: r.day,
  firstSeq: r.firstSeq,
  lastSeq: r.lastSeq,
  count: r.count,
  root: r.root,
  headHash: r.headHash,
  keyId: r.keyId,
  signature: r.signature,
  publicKey: r.publicKey,
});

/**
 * The daily seals of the audit chain (docs/security.md "Seals and anchors"). Each UTC day's records,
 * the chain rows after the previous seal up to the last written before the day ended, go under a Merkle
 * root (merkle.ts) that the server signs with its Ed25519 key and mails as an anchor, so a copy of the
 * chain's state exists outside the database: rewriting history afterwards needs the key and the mail.
 */
export class AuditSeals {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly key: AuditSigningKey,
    private readonly opts: { mailer?: Mailer; anchorMail?: string; log?: Log } = {},
  ) {}

  get keyId(): string {
    return this.key.keyId;
  }

  /**
   * Ed25519 over `bytes` with the seals' key (an evidence pack's manifest): one key signs everything the
   * audit trail hands out, so one published public key checks it all.
   */
  sign(bytes: Buffer): string {
    return crypto.sign(null, bytes, this.key.privateKey).toString('base64');
  }

  publicKey(): { keyId: string; algorithm: 'Ed25519'; publicKeyPem: string; publicKey: string } {
    return {
      keyId: this.key.keyId,
      algorithm: 'Ed25519',
      publicKeyPem: this.key.publicKeyPem,
      publicKey: this.key.publicKey,
    };
  }

  /**
   * Seals every past UTC day not sealed yet, oldest first, at most SEAL_BACKLOG_DAYS in a round (a
   * longer outage is caught up over the next rounds), then mails the anchors not mailed yet. Answers
   * the days this call sealed.
   */
  async sealDue(): Promise<string[]> {
    const sealed: string[] = [];
    for (let i = 0; i < SEAL_BACKLOG_DAYS; i++) {
      const day = await this.nextDay();
      if (!day) break;
      const seal = await this.sealDay(day);
      if (seal) sealed.push(day);
      else if (!(await this.isSealed(day))) break;
    }
    await this.mailPending();
    return sealed;
  }

  private async isSealed(day: string): Promise<boolean> {
    const [row] = await this.db.select({ day: auditSeal.day }).from(auditSeal).where(eq(auditSeal.day, day));
    return row !== undefined;
  }

  /** The next day to seal, or null when every past day is sealed. */
  private async nextDay(): Promise<string | null> {
    const now = this.clock.now();
    const today = dayOf(now);
    const [last] = await this.db
      .select({ day: auditSeal.day })
      .from(auditSeal)
      .orderBy(desc(auditSeal.day))
      .limit(1);
    let day: string;
    if (last) day = dayOf(dayStart(last.day) + DAY);
    else {
      const [first] = await this.db
        .select({ at: auditLog.at })
        .from(auditLog)
        .where(isNotNull(auditLog.hash))
        .orderBy(asc(auditLog.id))
        .limit(1);
      const earliest = dayStart(today) - SEAL_BACKLOG_DAYS * DAY;
      day = dayOf(first ? Math.max(first.at, earliest) : now - DAY);
    }
    return day < today ? day : null;
  }

  /**
   * Seals one day, under a transaction-scoped advisory lock so that two servers never seal the same day
   * twice or seal days out of order; answers null when the day was sealed already (by another server)
   * or a later day was.
   */
  async sealDay(day: string): Promise<SignedSeal | null> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEAL_LOCK})`);
      const [last] = await tx.select().from(auditSeal).orderBy(desc(auditSeal.day)).limit(1);
      if (last && last.day >= day) return null;
      const [head] = await tx.select().from(auditHead).where(eq(auditHead.id, 1));
      if (!head) throw new Error('audit_head has no row: the migrations have not run');
      const after = last?.lastSeq ?? 0;
      const end = dayStart(day) + DAY;
      const [bound] = await tx
        .select({ lastSeq: max(auditLog.id) })
        .from(auditLog)
        .where(
          and(
            gt(auditLog.id, after),
            lte(auditLog.id, head.lastId),
            isNotNull(auditLog.hash),
            lt(auditLog.at, end),
          ),
        );
      const lastSeq = bound?.lastSeq ?? after;
      const rows = await chainedRows(tx, after + 1, lastSeq);
      const statement = {
        v: 1 as const,
        day,
        firstSeq: rows[0]?.id ?? after + 1,
        lastSeq,
        count: rows.length,
        root: merkleRoot(rows.map((r) => r.hash)),
        headHash: rows.at(-1)?.hash ?? last?.headHash ?? GENESIS_HASH,
        keyId: this.key.keyId,
      };
      const seal = signStatement(statement, this.key);
      await tx.insert(auditSeal).values({ ...seal, sealedAt: this.clock.now() });
      this.opts.log?.info({ day, count: seal.count, root: seal.root }, 'audit day sealed');
      return seal;
    });
  }

  /**
   * Mails each seal not mailed yet to AUDIT_ANCHOR_MAIL, after claiming it (so with several servers one
   * sends it); a failed send is given back and tried next round. The mail is written outside every
   * transaction, as the mailer asks.
   */
  async mailPending(): Promise<number> {
    const { mailer, anchorMail } = this.opts;
    if (!mailer || !anchorMail) return 0;
    const now = this.clock.now();
    const claimable = and(
      isNull(auditSeal.mailedAt),
      or(isNull(auditSeal.mailingSince), lt(auditSeal.mailingSince, now - MAILING_STALE_SECONDS)),
    );
    const due = await this.db
      .select({ day: auditSeal.day })
      .from(auditSeal)
      .where(claimable)
      .orderBy(asc(auditSeal.day))
      .limit(SEAL_BACKLOG_DAYS);
    let sent = 0;
    for (const { day } of due) {
      const [claimed] = await this.db
        .update(auditSeal)
        .set({ mailingSince: now })
        .where(and(eq(auditSeal.day, day), claimable))
        .returning();
      if (!claimed) continue;
      try {
        await mailer.send(anchorMailOf(anchorMail, asSigned(claimed)));
        await this.db.update(auditSeal).set({ mailedAt: this.clock.now() }).where(eq(auditSeal.day, day));
        sent++;
      } catch (err) {
        await this.db.update(auditSeal).set({ mailingSince: null }).where(eq(auditSeal.day, day));
        this.opts.log?.warn({ err, day }, 'audit anchor mail could not be sent; it is tried again later');
      }
    }
    return sent;
  }

  /** The seals, newest first. */
  async list(limit = 366): Promise<(SignedSeal & { sealedAt: number; mailedAt: number | null })[]> {
    const rows = await this.db.select().from(auditSeal).orderBy(desc(auditSeal.day)).limit(limit);
    return rows.map((r) => ({ ...asSigned(r), sealedAt: r.sealedAt, mailedAt: r.mailedAt }));
  }

  /** The record's path to its day's signed root, or null while its day is not sealed. */
  async proof(recordId: number): Promise<InclusionProof | null> {
    const [row] = await this.db
      .select()
      .from(auditSeal)
      .where(and(lte(auditSeal.firstSeq, recordId), gte(auditSeal.lastSeq, recordId)))
      .limit(1);
    if (!row) return null;
    const rows = await chainedRows(this.db, row.firstSeq, row.lastSeq);
    const index = rows.findIndex((r) => r.id === recordId);
    if (index < 0) return null;
    const hashes = rows.map((r) => r.hash);
    return {
      recordId,
      chainHash: hashes[index]!,
      index,
      size: hashes.length,
      path: inclusionPath(hashes, index),
      seal: asSigned(row),
    };
  }

  /** See verifySeals. */
  verify(): Promise<SealsVerifyResult> {
    return verifySeals(this.db);
  }
}

/** The chained rows (with a hash) of ids from..to, in chain order. */
async function chainedRows(db: DbOrTx, from: number, to: number) {
  if (to < from) return [];
  const rows = await db
    .select({ id: auditLog.id, hash: auditLog.hash })
    .from(auditLog)
    .where(and(gte(auditLog.id, from), lte(auditLog.id, to), isNotNull(auditLog.hash)))
    .orderBy(asc(auditLog.id));
  return rows as { id: number; hash: string }[];
}

/** The anchor mail: a line on what it is, then the signed seal as JSON (what verify's --anchor reads). */
export function anchorMailOf(to: string, seal: SignedSeal) {
  return {
    to,
    subject: `Brokerdesk audit seal ${seal.day} (key ${seal.keyId})`,
    text: [
      `The audit trail's records ${seal.firstSeq}..${seal.lastSeq} of ${seal.day} (UTC), sealed and signed.`,
      'Keep this mail unchanged outside the console: `npm run audit:verify -- --anchor <file>` checks the database against it (docs/operations.md "Audit seals and anchors").',
      '',
      JSON.stringify(seal, null, 2),
      '',
    ].join('\n'),
  };
}

/** The signed seal in an anchor file: the JSON alone, or a whole saved mail around it. */
export function parseAnchor(text: string): SignedSeal {
  const from = text.indexOf('{');
  const to = text.lastIndexOf('}');
  if (from < 0 || to < from) throw new Error('no signed seal (JSON) in the anchor');
  const v = JSON.parse(text.slice(from, to + 1)) as Partial<SignedSeal>;
  const num = (x: unknown) => typeof x === 'number' && Number.isInteger(x);
  const str = (x: unknown) => typeof x === 'string';
  if (
    v.v !== 1 ||
    !str(v.day) ||
    !num(v.firstSeq) ||
    !num(v.lastSeq) ||
    !num(v.count) ||
    !str(v.root) ||
    !str(v.headHash) ||
    !str(v.keyId) ||
    !str(v.signature) ||
    !str(v.publicKey)
  )
    throw new Error(
      'the anchor is not a signed audit seal (v, day, firstSeq, lastSeq, count, root, headHash, keyId, signature, publicKey)',
    );
  return v as SignedSeal;
}

/**
 * Recomputes every sealed day from the stored records and checks each seal's signature: a record
 * changed since it was written (its chain hash no longer matches), a record removed (the next one no
 * longer follows it, the count or the root differs), a seal changed (its signature) or a day whose
 * records no longer give its root. Says which day, and which record where the chain can tell.
 */
export async function verifySeals(db: Db): Promise<SealsVerifyResult> {
  const seals = await db.select().from(auditSeal).orderBy(asc(auditSeal.day));
  const problems: SealProblem[] = [];
  const keyIds: string[] = [];
  let records = 0;
  let previous: SealRow | undefined;
  for (const s of seals) {
    const day = s.day;
    if (!keyIds.includes(s.keyId)) keyIds.push(s.keyId);
    const bad = signatureProblem(asSigned(s));
    if (bad) problems.push({ day, reason: `The seal of ${day}: ${bad}.` });
    if (previous && s.firstSeq !== previous.lastSeq + 1)
      problems.push({
        day,
        reason: `The seal of ${day} starts at record ${s.firstSeq}, not right after the seal of ${previous.day} (record ${previous.lastSeq}).`,
      });
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(gte(auditLog.id, s.firstSeq), lte(auditLog.id, s.lastSeq), isNotNull(auditLog.hash)))
      .orderBy(asc(auditLog.id));
    records += rows.length;
    // Ids may skip numbers (a transaction that rolled back used one): a record follows the one before
    // it by naming its hash, as the chain itself checks.
    let expectedPrev = previous?.headHash;
    let lastId = previous?.lastSeq;
    for (const r of rows) {
      if (chainHash(r.prevHash ?? '', r) !== r.hash)
        problems.push({
          day,
          recordId: r.id,
          reason: `Record ${r.id} of ${day} was changed after it was written.`,
        });
      else if (expectedPrev !== undefined && r.prevHash !== expectedPrev)
        problems.push({
          day,
          recordId: r.id,
          reason: `A record of ${day} between record ${lastId ?? 'the start'} and record ${r.id} is missing, or record ${r.id} was rewritten.`,
        });
      expectedPrev = r.hash ?? undefined;
      lastId = r.id;
    }
    if (s.count > 0 && rows.at(-1)?.hash !== s.headHash)
      problems.push({
        day,
        recordId: s.lastSeq,
        reason: `The last records of ${day} are missing: the seal ends at record ${s.lastSeq}, the database's records of that day end at ${rows.at(-1)?.id ?? 'none'}.`,
      });
    if (rows.length !== s.count)
      problems.push({
        day,
        reason: `${day}: the seal covers ${s.count} records, the database holds ${rows.length}.`,
      });
    else if (merkleRoot(rows.map((r) => r.hash!)) !== s.root)
      problems.push({ day, reason: `${day}: the stored records no longer give the sealed root.` });
    previous = s;
  }
  return { ok: problems.length === 0, seals: seals.length, records, keyIds, problems };
}

/**
 * The database against a mailed anchor.
 * - 'behind': the database does not hold the history the anchor was mailed from, as after a restore from
 *   an older backup: its chain ends before the anchor's last record, or it went on from an earlier
 *   point (records written since the restore take the ids the lost ones had) and its own seal of the
 *   anchor's day is missing or was made over those other records. Not silent tampering: records were
 *   lost, and a SYSOP acknowledges it (anchor-reports.ts).
 * - 'differs': the database still holds the very seal that was mailed, but its records no longer give
 *   the sealed root (changed or removed after the mail), or it holds the records under another seal.
 * Rewriting records and sealing them again needs the signing key; to one anchor that looks like a
 * restore, and the anchors of the days before tell them apart (a restore matches all of those).
 */
export async function checkAnchor(db: Db, anchor: SignedSeal): Promise<AnchorCheck> {
  const { day } = anchor;
  const bad = signatureProblem(anchor);
  if (bad) return { status: 'invalid', day, reason: `The anchor of ${day} does not hold: ${bad}.` };
  const [head] = await db.select().from(auditHead).where(eq(auditHead.id, 1));
  const headId = head?.lastId ?? 0;
  const behind = (why: string): AnchorCheck => ({
    status: 'behind',
    day,
    headId,
    anchorLastSeq: anchor.lastSeq,
    reason: `The database is behind the anchor of ${day}: ${why}, as after a restore from an older backup. Records the anchor covers are lost; a SYSOP acknowledges this on the Audit Trail screen.`,
  });
  if (anchor.count > 0 && headId < anchor.lastSeq)
    return behind(
      `its chain ends at record ${headId}, the anchor covers records up to ${anchor.lastSeq} (${anchor.lastSeq - headId} records missing)`,
    );
  const rows = await chainedRows(db, anchor.firstSeq, anchor.lastSeq);
  const [stored] = await db.select().from(auditSeal).where(eq(auditSeal.day, day));
  if (rows.length === anchor.count && merkleRoot(rows.map((r) => r.hash)) === anchor.root) {
    if (stored && (stored.root !== anchor.root || stored.signature !== anchor.signature))
      return {
        status: 'differs',
        day,
        reason: `The database's seal of ${day} is not the one mailed as its anchor.`,
      };
    return {
      status: 'matches',
      day,
      reason: `The database holds the records of the anchor of ${day} unchanged.`,
    };
  }
  if (stored?.signature === anchor.signature)
    return {
      status: 'differs',
      day,
      reason: `The database's records ${anchor.firstSeq}..${anchor.lastSeq} do not give the root of the anchor of ${day}: they were changed or removed after it was mailed.`,
    };
  return behind(
    stored
      ? `its records ${anchor.firstSeq}..${anchor.lastSeq} are other records, sealed again for ${day} after the anchor was mailed`
      : `it holds other records ${anchor.firstSeq}..${anchor.lastSeq} and no seal of ${day}`,
  );
}
