/**
 * The console's own signed paths for KYC files, whichever provider holds them: staff open these, and
 * the server fetches from the provider (whose API needs credentials a browser must never hold).
 */
export const kycImagePath = (userId: string, imageId: string) => `/api/kyc/image/${userId}/${imageId}`;
export const kycReportPath = (userId: string) => `/api/kyc/report/${userId}`;

/** Provider image ids: opaque, but only ever digits, letters, '-' and '_'. */
export const KYC_IMAGE_ID = /^[A-Za-z0-9_-]{1,64}$/;
