export { searchAudit } from './search-audit.ts';
export { exportAudit } from './export-audit.ts';
export { getAuditFacets } from './get-audit-facets.ts';
export { verifyAudit } from './verify-audit.ts';
export { listDocumentViews } from './list-document-views.ts';
export { listSessions } from './list-sessions.ts';
export { endSession } from './end-session.ts';
