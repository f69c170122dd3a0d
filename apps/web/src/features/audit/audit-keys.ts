import { entityKeys } from '../../shared/query-keys.ts';

/** Query keys of the audit screens. */
export const auditKeys = entityKeys('audit');
export const auditFacetKeys = entityKeys('audit-facets');
export const documentViewKeys = entityKeys('document-views');
export const staffSessionKeys = entityKeys('staff-sessions');
export const auditSealKeys = entityKeys('audit-seals');
export const anchorReportKeys = entityKeys('anchor-reports');
