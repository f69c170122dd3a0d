import { eq } from 'drizzle-orm';
import {
  EVIDENCE_PACK_AUDIT_ACTION,
  EVIDENCE_PACK_LINK_SECONDS,
  EVIDENCE_PACK_SUBJECT_LABELS,
  calls,
  evidencePackFilename,
  type EvidencePackRequest,
  type EvidencePackSubject,
} from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LinkSigner, SignedQuery } from '../../lib/signed-links.ts';
import { audit } from '../../audit/audit.ts';
import type { AuditSeals } from '../../audit/seals/service.ts';
import { Forbidden } from '../../http/errors.ts';
import type { FileStore } from '../banks/file-store.ts';
import { resolveScope, type Scope } from './scope.ts';
import { sectionsOf, staffNames, type Section } from './sections.ts';
import { packDocuments, type PackDocument } from './documents.ts';
import { auditLines, type AuditTally } from './audit-lines.ts';
import { dataJson } from './data-json.ts';
import { summaryPdf } from './summary-pdf.ts';
import { zipPack } from './pack-zip.ts';
import { PACK_FORMAT, signManifest } from './manifest.ts';
import { when } from './format.ts';

const DOWNLOAD = calls.evidencePack.downloadEvidencePack.path;
/** The subject, the record and who asked are signed with the link, so none can be changed in it. */
const signedPath = (subject: string, id: string, by: string) => `${DOWNLOAD}/${subject}/${id}/${by}`;

type Staff = { userId: string; sessionId: string; ip: string };
type Download = { subject: EvidencePackSubject; id: string; by: string } & SignedQuery;

/**
 * Evidence packs (docs/product.md [evidence-pack]). Asking for one checks the client or request exists
 * (404), records the export in the audit trail (who, which client, what, when) and answers a short-lived
 * link bound to the asking session, as CSV exports do; the link streams the ZIP.
 */
export class EvidencePackService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly links: LinkSigner,
    private readonly files: FileStore,
    private readonly seals: AuditSeals,
  ) {}

  async createLink(staff: Staff, req: EvidencePackRequest): Promise<{ url: string; filename: string }> {
    const scope = await resolveScope(this.db, req.subject, req.id);
    await audit(this.db, this.clock.now(), {
      actorId: staff.userId,
      action: EVIDENCE_PACK_AUDIT_ACTION,
      entity: 'user',
      entityId: scope.clientId,
      after: { subject: req.subject, id: req.id },
      ip: staff.ip,
    });
    const path = signedPath(req.subject, req.id, staff.userId);
    const signed = new URL(this.links.sign(path, EVIDENCE_PACK_LINK_SECONDS, staff.sessionId), 'http://x');
    const query = new URLSearchParams({ subject: req.subject, id: req.id, by: staff.userId });
    return {
      url: `${DOWNLOAD}?${query.toString()}&${signed.searchParams.toString()}`,
      filename: this.filename(scope),
    };
  }

  /** The ZIP of a download link, streamed; 403 when the link is not (or no longer) good. */
  async download(q: Download): Promise<{ filename: string; body: NodeJS.ReadableStream }> {
    if (!(await this.links.open(signedPath(q.subject, q.id, q.by), q)))
      throw new Forbidden('This link has expired.');
    return this.pack(q.subject, q.id, q.by);
  }

  /** The pack of a subject as `by` asked for it: what the link streams (and tests and the bench read). */
  async pack(subject: EvidencePackSubject, id: string, by: string) {
    const scope = await resolveScope(this.db, subject, id);
    const staff = await staffNames(this.db);
    const docs = await packDocuments(this.db, this.files, scope);
    const createdAt = this.clock.now();
    const keyId = this.seals.keyId;
    const sections = sectionsOf({
      db: this.db,
      scope,
      staff,
      statementPaths: docs.statementPaths,
      generatedAt: createdAt,
      generatedBy: by,
      keyId,
    });
    const tally: AuditTally = { records: 0, proven: 0, pending: 0, days: 0 };
    const heading = await this.heading(scope, createdAt, staff.get(by) ?? by, keyId);
    const body = zipPack(
      [
        ...docs.entries,
        { path: 'audit.jsonl', content: () => auditLines(this.db, scope, tally) },
        {
          path: 'data.json',
          content: () =>
            dataJson({ format: PACK_FORMAT, v: 1 }, sections, () => ({
              audit: tally,
              documents: docs.documents,
            })),
        },
        {
          path: 'summary.pdf',
          content: () => summaryPdf(heading, [...sections, closing(tally, docs.documents)]),
        },
      ],
      (files) =>
        signManifest(
          {
            format: PACK_FORMAT,
            v: 1,
            subject: { type: subject, id, clientId: scope.clientId },
            createdAt,
            createdBy: by,
            files,
          },
          { keyId, publicKey: this.seals.publicKey().publicKey, sign: (bytes) => this.seals.sign(bytes) },
        ),
      new Date(createdAt * 1000),
    );
    return { filename: this.filename(scope), body };
  }

  private filename(scope: Scope): string {
    const day = new Date(this.clock.now() * 1000).toISOString().slice(0, 10);
    return evidencePackFilename(scope.subject, scope.id, day);
  }

  private async heading(scope: Scope, createdAt: number, byName: string, keyId: string) {
    const [client] = await this.db
      .select({ name: users.name, surname: users.surname })
      .from(users)
      .where(eq(users.id, scope.clientId));
    const name = client ? `${client.name} ${client.surname}`.trim() : scope.clientId;
    const what = EVIDENCE_PACK_SUBJECT_LABELS[scope.subject];
    return {
      title: scope.subject === 'client' ? `Evidence pack: ${name}` : `Evidence pack: ${what} of ${name}`,
      subtitle: `${what} ${scope.id}${scope.subject === 'client' ? '' : `, client ${scope.clientId}`}. Made ${when(createdAt)} UTC by ${byName}; signed with key ${keyId}. Times are UTC. Every file of the pack and its SHA-256 are listed in manifest.json.`,
      createdAt,
    };
  }
}

/** The summary's last section: how many audit records the pack proves, and its documents. */
function closing(tally: AuditTally, documents: PackDocument[]): Section {
  return {
    key: 'audit',
    title: 'Audit records and documents in this pack',
    shape: 'fields',
    empty: '',
    rows: async function* () {
      yield [{}];
    },
    fields: () => [
      ['Audit records (audit.jsonl)', String(tally.records)],
      ['Proven by a signed day seal', String(tally.proven)],
      [
        'Not sealed yet',
        tally.pending
          ? `${tally.pending} (their day is sealed after it ends; a pack made then proves them)`
          : '0',
      ],
      ['Sealed days', String(tally.days)],
      ...documents.map((d): [string, string] => [
        d.kind === 'BANK_STATEMENT' ? 'Bank statement' : 'KYC documents',
        d.path ?? `${d.source}: ${d.missing ?? 'missing'}`,
      ]),
    ],
  };
}
