import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { kycDocuments, users } from '../../db/schema.ts';
import type { LinkSigner } from '../../lib/signed-links.ts';
import type { KycApplicant, KycDocument, KycDocuments, KycFile, KycImage, KycProvider } from './types.ts';
import { kycImagePath, kycReportPath } from './paths.ts';

/**
 * The local stand-in for the identity-verification provider: documents are the rows the server keeps,
 * and VIEW / eKYC Report open short-lived signed pages this server renders (routes in kyc-routes.ts).
 */
export class StandInKyc implements KycProvider {
  constructor(
    private readonly db: Db,
    private readonly links: LinkSigner,
    private readonly publicUrl: string,
  ) {}

  async documents(userId: string, linkSession?: string): Promise<KycDocuments> {
    const rows = await this.rows(userId);
    const doc = (kind: string): KycDocument | null => {
      const row = rows.find((r) => r.kind === kind);
      if (!row) return null;
      const imageIds = (row.imageIds as (string | number)[]).map(String);
      // A document kept without image ids is still viewable: its own row id names its one picture.
      const first = imageIds[0] ?? row.id;
      return {
        idDocType: row.idDocType,
        imageIds,
        uploaded: row.uploaded,
        verified: row.verified,
        viewUrl: row.uploaded && first ? this.url(kycImagePath(userId, first), linkSession) : '',
        reportUrl: this.url(kycReportPath(userId), linkSession),
      };
    };
    return {
      IDENTITY: doc('IDENTITY'),
      PROOF_OF_RESIDENCE: doc('PROOF_OF_RESIDENCE'),
      inspectionId: rows[0]?.inspectionId ?? '',
    };
  }

  async applicant(userId: string): Promise<KycApplicant> {
    const [u] = await this.db.select().from(users).where(eq(users.id, userId));
    const [d] = await this.db.select().from(kycDocuments).where(eq(kycDocuments.userId, userId)).limit(1);
    const status = u?.eKycApproved ? 'completed' : u?.eKycPending ? 'pending' : d ? 'onHold' : 'init';
    return {
      applicantId: d?.inspectionId ?? '',
      reviewStatus: status,
      reviewAnswer: u?.eKycApproved ? 'GREEN' : u?.eKycFlagged ? 'RED' : '',
      createdAt: d?.timestamp ?? 0,
    };
  }

  async image(userId: string, imageId: string): Promise<KycImage | null> {
    const row = (await this.rows(userId)).find(
      (r) => r.id === imageId || (r.imageIds as (string | number)[]).map(String).includes(imageId),
    );
    if (!row || !row.uploaded || (row.kind !== 'IDENTITY' && row.kind !== 'PROOF_OF_RESIDENCE')) return null;
    return {
      kind: row.kind,
      idDocType: row.idDocType,
      contentType: 'image/svg+xml',
      body: Buffer.from(documentSvg(row.kind, row.idDocType)),
    };
  }

  async report(userId: string): Promise<KycFile> {
    const a = await this.applicant(userId);
    const text = `eKYC report (local stand-in provider)\n\napplicant: ${a.applicantId}\nreview status: ${a.reviewStatus}\nanswer: ${a.reviewAnswer || '-'}\n`;
    return { contentType: 'text/plain; charset=utf-8', body: Buffer.from(text) };
  }

  private rows(userId: string) {
    return this.db.select().from(kycDocuments).where(eq(kycDocuments.userId, userId));
  }

  private url(path: string, session: string | undefined): string {
    return `${this.publicUrl}${this.links.sign(path, 600, session)}`;
  }
}

/** A placeholder picture of a document, as the stand-in has no real scans. */
function documentSvg(kind: string, type: string): string {
  const esc = (s: string) => s.replace(/[<>&"]/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400" viewBox="0 0 640 400"><rect width="640" height="400" rx="24" fill="#eef2f7" stroke="#8a99ad" stroke-width="4"/><text x="40" y="80" font-family="sans-serif" font-size="32" fill="#1f2d3d">${esc(kind.replace(/_/g, ' '))}</text><text x="40" y="130" font-family="sans-serif" font-size="24" fill="#4a5a6e">${esc(type)}</text><text x="40" y="360" font-family="sans-serif" font-size="16" fill="#8a99ad">Local stand-in of the identity-verification provider</text></svg>`;
}
