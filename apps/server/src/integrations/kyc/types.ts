/** The identity-verification (KYC) provider as the console needs it (SPEC 2.7, 7.2). */

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

export interface KycProvider {
  documents(userId: string): Promise<KycDocuments>;
  applicant(userId: string): Promise<KycApplicant>;
}
