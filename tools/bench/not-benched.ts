import { calls, type CallDef } from '@brokerdesk/contract';

/**
 * Calls with no bench case, each with the reason, named by their definitions in the contract.
 * coverage.test.ts fails for a call that has neither a case in cases.ts nor a line here. The routes that
 * are not calls (the web app's files, the API docs) are the access matrix's to list, not the bench's: the
 * web app's paint is bench:web's, and the docs are for integrators, not a console screen.
 */
export const WRITE =
  'a write: one staff decision or edit, not a read a screen repeats; its work is the transaction the tests prove';
export const BULK =
  'writes: up to 100 of the row decisions above, one after another; its cost is the sum of those transactions';
const SIGN_IN = 'sign-in and password calls: deliberately slow (password hashing) and rate-limited';
const FILE = 'a file streamed to the browser (signed link or CSV): measured by bench:export, not per call';

const { accounts, audit, auth, banks, bulk, clients, exports, funding, groups, partners } = calls;
const { reconciliation, staff, system, views } = calls;

export const NOT_BENCHED = new Map<CallDef, string>([
  [auth.loginAdmin, SIGN_IN],
  [auth.confirmLogin, SIGN_IN],
  [auth.resendLoginCode, SIGN_IN],
  [auth.resetPassword, SIGN_IN],
  [auth.setNewPassword, SIGN_IN],
  [auth.confirmEmail, SIGN_IN],
  [auth.confirmEmailToSetPassword, SIGN_IN],
  [auth.logout, 'ends the session the bench signs in with'],
  [system.getDevOutbox, 'development only (no SMTP_URL), loopback only'],
  [
    calls.events.openLiveEvents,
    'a long-lived text/event-stream: no latency to measure; its cost is per change, not per call',
  ],
  [clients.openKycImage, FILE],
  [clients.openKycReport, FILE],
  [banks.openStoredFile, FILE],
  [exports.downloadExport, FILE],
  [exports.createExport, FILE],
  [audit.exportAudit, FILE],
  [calls.evidencePack.downloadEvidencePack, FILE],
  [
    calls.evidencePack.createEvidencePack,
    'audits the ask and signs a link; the pack it opens is timed by bench:pack (docs/performance.md)',
  ],
  [
    audit.checkAuditAnchor,
    'an operator holding a mailed anchor against the database: one day of records, now and then',
  ],
  [audit.listAnchorReports, 'a handful of rows: one per anchor a restore left the database behind'],
  [audit.acknowledgeAnchorReport, WRITE],
  [reconciliation.exportReconciliationReport, FILE],
  [calls.reports.downloadReportPdf, FILE],
  [calls.reports.downloadReportCsv, FILE],
  [
    calls.reports.runReportNow,
    "makes a whole period's report and mails it: timed by bench:report over the whole book (docs/performance.md)",
  ],
  [
    calls.reports.getReport,
    'the bench data holds no report until bench:report makes one; one row read by its id',
  ],
  [calls.reports.subscribeReport, WRITE],
  [calls.reports.cancelReportSubscription, WRITE],
  [
    reconciliation.getReconciliationReport,
    'the bench data holds no reconciliation report (reports are made by runs); its mismatches are read by (report_id, id) like any page',
  ],
  [
    audit.verifyAudit,
    'SYSOP maintenance that reads the whole hash chain on purpose: proportional to the trail',
  ],
  [
    reconciliation.runReconciliation,
    'starts a background reconciliation job, which runs apart from any request',
  ],
  [banks.uploadDocument, 'a document upload: bound by the file size, not the book'],
  [clients.registerUser, WRITE],
  [clients.editUser, WRITE],
  [clients.changeAccountType, WRITE],
  [clients.addLog, WRITE],
  [clients.processUser, WRITE],
  [clients.updatePartnerEmailSettings, WRITE],
  [partners.processIbRequest, WRITE],
  [partners.addIbCode, WRITE],
  [partners.updateIbCode, WRITE],
  [partners.generateCodes, WRITE],
  [partners.addIbSlots, WRITE],
  [groups.addGroup, WRITE],
  [groups.editGroup, WRITE],
  [groups.deleteGroup, WRITE],
  [funding.updateDeposit, WRITE],
  [funding.processDeposit, WRITE],
  [funding.updateWithdrawal, WRITE],
  [funding.processWithdrawal, WRITE],
  [funding.updateTransfer, WRITE],
  [funding.processTransfer, WRITE],
  [funding.updateProviderWithdrawal, WRITE],
  [funding.processProviderWithdrawal, WRITE],
  [calls.approvals.setThreshold, WRITE],
  [calls.alerts.assignAlert, WRITE],
  [calls.alerts.resolveAlert, WRITE],
  [calls.alerts.setAlertThreshold, WRITE],
  [calls.evidence.setRefundableMethod, WRITE],
  [banks.updateBankAccount, WRITE],
  [banks.getDepositBankDetails, WRITE],
  [accounts.updateAccount, WRITE],
  [
    accounts.checkAccountPasswordChange,
    "asks the trading platform about one account: the platform's latency, not the server's",
  ],
  [accounts.createSubAccount, WRITE],
  [accounts.updateSubAccountRequest, WRITE],
  [accounts.renameTradingAccounts, WRITE],
  [accounts.updateAccountLeverage, WRITE],
  [accounts.processLeverageUpdate, WRITE],
  [bulk.decideDeposits, BULK],
  [bulk.decideWithdrawals, BULK],
  [bulk.decideTransfers, BULK],
  [bulk.decideBankAccounts, BULK],
  [bulk.decideLeverageRequests, BULK],
  [bulk.decideSubAccountRequests, BULK],
  [bulk.decideIbRequests, BULK],
  [audit.endSession, WRITE],
  [audit.listAuditSeals, 'a SYSOP/ADMIN evidence screen read rarely: at most 366 small rows by primary key'],
  [audit.getAuditSigningKey, 'answers the key held in memory: no database work'],
  [staff.inviteStaff, WRITE],
  [staff.updateStaff, WRITE],
  [
    views.setListPreferences,
    "a staff member's own column or density choice: one row by primary key, written on a click",
  ],
  [views.createView, WRITE],
  [views.updateView, WRITE],
  [views.deleteView, WRITE],
  [reconciliation.acknowledgeReconciliationAlert, WRITE],
]);
