import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { kycDocuments, users } from '../../db/schema.ts';
import type { LinkSigner } from '../../lib/signed-links.ts';
import type { KycApplicant, KycDocument, KycDocuments, KycProvider } from './types.ts';

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

  async documents(userId: string): Promise<KycDocuments> {
    const rows = await this.db.select().from(kycDocuments).where(eq(kycDocuments.userId, userId));
    const doc = (kind: string): KycDocument | null => {
      const row = rows.find((r) => r.kind === kind);
      if (!row) return null;
      const imageIds = (row.imageIds as (string | number)[]).map(String);
      return {
        idDocType: row.idDocType,
        imageIds,
        uploaded: row.uploaded,
        verified: row.verified,
        viewUrl: row.uploaded ? this.url(`/api/kyc/view/${row.id}`) : '',
        reportUrl: this.url(`/api/kyc/report/${userId}`),
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

  private url(path: string): string {
    return `${this.publicUrl}${this.links.sign(path, 600)}`;
  }
}
