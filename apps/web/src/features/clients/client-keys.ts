import { entityKeys } from '../../shared/query-keys.ts';

/** Query keys of the client screens. A client's detail is its profile; logs and the rest hang off it. */
export const clientKeys = entityKeys('clients');
export const clientLogKeys = entityKeys('client-logs');
export const clientApplicationKeys = entityKeys('client-applications');
export const kycDocumentKeys = entityKeys('kyc-documents');
export const partnerSettingsKeys = entityKeys('partner-email-settings');
export const fundingHistoryKeys = entityKeys('funding-history');
