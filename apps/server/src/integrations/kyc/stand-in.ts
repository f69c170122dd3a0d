import { eq } from 'drizzle-orm';
import { KYC_REVIEW_STATUS_LABELS, countryName, kycDocTypeLabel } from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import { kycDocuments, users } from '../../db/schema.ts';
import type { LinkSigner } from '../../lib/signed-links.ts';
import type { KycApplicant, KycDocument, KycDocuments, KycFile, KycImage, KycProvider } from './types.ts';
import { kycImagePath, kycReportPath } from './paths.ts';
import { addressPicture, ekycReportPdf, identityPicture } from '../../lib/sample-files/documents.ts';

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
    // The stand-in keeps no scans: a sample picture drawn for this client and document.
    const seed = `${userId}${row.kind}`;
    const body = row.kind === 'IDENTITY' ? identityPicture(seed) : addressPicture(seed);
    return { kind: row.kind, idDocType: row.idDocType, contentType: 'image/png', body };
  }

  /** A PDF, as the provider's own reports are: the client, the outcome and each document in words. */
  async report(userId: string): Promise<KycFile> {
    const a = await this.applicant(userId);
    const [u] = await this.db.select().from(users).where(eq(users.id, userId));
    const docs = await this.documents(userId);
    const body = ekycReportPdf({
      client: [u?.name, u?.surname].filter(Boolean).join(' '),
      email: u?.email ?? '',
      country: countryName(u?.country ?? '') || u?.country || '',
      status: KYC_REVIEW_STATUS_LABELS[a.reviewStatus] ?? a.reviewStatus,
      result:
        a.reviewAnswer === 'GREEN' ? 'Approved' : a.reviewAnswer === 'RED' ? 'Rejected' : 'No decision yet',
      checkedAt: a.createdAt,
      documents: (['IDENTITY', 'PROOF_OF_RESIDENCE'] as const).map((kind) => ({
        label: kind === 'IDENTITY' ? 'Proof of Identity' : 'Proof of Address',
        type: kycDocTypeLabel(docs[kind]?.idDocType ?? ''),
        uploaded: docs[kind]?.uploaded ?? false,
        verified: docs[kind]?.verified ?? false,
      })),
    });
    return { contentType: 'application/pdf', body };
  }

  private rows(userId: string) {
    return this.db.select().from(kycDocuments).where(eq(kycDocuments.userId, userId));
  }

  private url(path: string, session: string | undefined): string {
    return `${this.publicUrl}${this.links.sign(path, 600, session)}`;
  }
}
