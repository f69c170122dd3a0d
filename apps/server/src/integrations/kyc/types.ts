/**
 * The identity-verification (KYC) provider as the console needs it (docs/product.md [screen.application],
 * [calls.clients]).
 */

export type KycDocument = {
  idDocType: string;
  imageIds: string[];
  uploaded: boolean;
  verified: boolean;
  /** Where staff view the document at the provider. */
  viewUrl: string;
  /** The provider's eKYC report. */
  reportUrl: string;
};

export type KycDocuments = {
  IDENTITY: KycDocument | null;
  PROOF_OF_RESIDENCE: KycDocument | null;
  inspectionId: string;
};

export type KycApplicant = {
  applicantId: string;
  reviewStatus: string;
  reviewAnswer: string;
  createdAt: number;
};

/** A file the provider holds (a document image, the eKYC report), passed through to staff. */
export type KycFile = { contentType: string; body: Buffer };
/** An image with the document it belongs to (for the view log). */
export type KycImage = KycFile & { kind: 'IDENTITY' | 'PROOF_OF_RESIDENCE'; idDocType: string };

export interface KycProvider {
  /** Links are signed for `linkSession`, the staff session asking: they open only while it lives. */
  documents(userId: string, linkSession?: string): Promise<KycDocuments>;
  applicant(userId: string): Promise<KycApplicant>;
  /** One image of one of the client's documents; null when the client has no such image. */
  image(userId: string, imageId: string): Promise<KycImage | null>;
  /** The provider's eKYC report of the client. */
  report(userId: string): Promise<KycFile>;
}

/** The provider did not answer as expected (down, refused our credentials, malformed reply). */
export class KycUnavailable extends Error {}
