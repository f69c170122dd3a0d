import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { AUDIT_ACTIONS, type DocumentKind } from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { KycDocuments } from '../../integrations/kyc/types.ts';
import { audit } from '../../audit/audit.ts';

/** A signed link handed to staff: what it opens and the link itself (relative or absolute). */
export type DocumentLink = { kind: DocumentKind; document: string; url: string };
/** A signed link being opened: the client, what it opens, the signed path and its expiry. */
export type DocumentOpen = {
  clientId: string | null;
  kind: DocumentKind;
  document: string;
  path: string;
  exp: number;
  ip: string;
};

export const KYC_REPORT_LABEL = 'eKYC report';

/**
 * Logs staff looking at a client's documents as 'document.viewed' rows on the client (entity 'user'),
 * one each time a document is opened (a viewer's further range requests are the same look). Handing
 * out the signed links is 'document.link-issued', not a view: a profile shows them without anyone
 * looking. The open itself carries no session, so it is credited to whoever was handed that very link
 * (same path and expiry), or for an uploaded file without such a link, to its uploader. Before links
 * had their own action they were 'document.viewed' rows with `opened: false`: still read here to credit
 * an open, and left out of the register.
 */
export class DocumentViews {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async linksIssued(staff: { userId: string; ip?: string }, clientId: string, links: DocumentLink[]) {
    if (links.length === 0) return;
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      for (const link of links) {
        const { path, exp } = linkParts(link.url);
        await audit(tx, now, {
          actorId: staff.userId,
          action: AUDIT_ACTIONS.documentLinkIssued,
          entity: 'user',
          entityId: clientId,
          after: { kind: link.kind, document: link.document, path, expiresAt: exp },
          ip: staff.ip,
        });
      }
    });
  }

  async opened(o: DocumentOpen): Promise<void> {
    const viewer = o.clientId ? await this.requester(o.clientId, o) : null;
    await audit(this.db, this.clock.now(), {
      actorId: viewer,
      action: AUDIT_ACTIONS.documentViewed,
      entity: 'user',
      entityId: o.clientId,
      after: { kind: o.kind, document: o.document, path: o.path, expiresAt: o.exp, opened: true },
      ip: o.ip,
    });
  }

  private async requester(clientId: string, o: DocumentOpen): Promise<string | null> {
    // Who made the newest record about the client that matches: the staff member behind the link.
    const latestActor = async (matches: SQL | undefined) => {
      const [row] = await this.db
        .select({ actorId: auditLog.actorId })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, clientId), matches))
        .orderBy(desc(auditLog.id))
        .limit(1);
      return row;
    };
    const asked = await latestActor(
      and(
        or(
          eq(auditLog.action, AUDIT_ACTIONS.documentLinkIssued),
          and(
            eq(auditLog.action, AUDIT_ACTIONS.documentViewed),
            sql`${auditLog.after} ->> 'opened' = 'false'`,
          ),
        ),
        sql`${auditLog.after} ->> 'path' = ${o.path}`,
        sql`${auditLog.after} ->> 'expiresAt' = ${String(o.exp)}`,
      ),
    );
    if (asked || o.kind !== 'BANK_STATEMENT') return asked?.actorId ?? null;
    // POST /upload answers a link too: a file opened through it was opened by its uploader.
    const uploaded = await latestActor(
      and(eq(auditLog.action, 'document.uploaded'), sql`${auditLog.after} ->> 'file' = ${o.document}`),
    );
    return uploaded?.actorId ?? null;
  }
}

/**
 * Whether a request starts a look at a document: a plain GET, or a range from the first byte. A
 * viewer's later ranges of the same file are the same look.
 */
export function startsALook(range: string | undefined): boolean {
  return range === undefined || /^\s*bytes\s*=\s*0\s*-/i.test(range);
}

/** The links getKYCDocuments hands out: each document's view link and the client's eKYC report. */
export function kycDocumentLinks(docs: KycDocuments): DocumentLink[] {
  const links: DocumentLink[] = [];
  for (const kind of ['IDENTITY', 'PROOF_OF_RESIDENCE'] as const) {
    const doc = docs[kind];
    if (doc?.viewUrl) links.push({ kind, document: doc.idDocType, url: doc.viewUrl });
  }
  const report = docs.IDENTITY?.reportUrl || docs.PROOF_OF_RESIDENCE?.reportUrl;
  if (report) links.push({ kind: 'KYC_REPORT', document: KYC_REPORT_LABEL, url: report });
  return links;
}

/** The client a stored upload belongs to: the server names files {userId}-{time}-{name}.{ext}. */
export function uploadOwner(fileName: string): string | null {
  return /^([0-9a-f]{24})-/.exec(fileName)?.[1] ?? null;
}

/** The signed path and its expiry, from a link with ?exp=&sig= (null when it has no expiry). */
export function linkParts(url: string): { path: string; exp: number | null } {
  const u = new URL(url, 'http://link.invalid');
  const exp = Number(u.searchParams.get('exp'));
  return { path: u.pathname, exp: Number.isInteger(exp) && exp > 0 ? exp : null };
}
