import { calls, urlOf } from '@brokerdesk/contract';

/**
 * The console's own signed paths for KYC files, whichever provider holds them: staff open these, and
 * the server fetches from the provider (whose API needs credentials a browser must never hold).
 */
export const kycImagePath = (userId: string, imageId: string) =>
  urlOf(calls.clients.openKycImage, { params: { userId, imageId } });
export const kycReportPath = (userId: string) => urlOf(calls.clients.openKycReport, { params: { userId } });
