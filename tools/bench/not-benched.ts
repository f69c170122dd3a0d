/**
 * Routes with no bench case, each with the reason. coverage.test.ts fails for a route that has neither a
 * case in cases.ts nor a line here, and for a line here naming a route that no longer exists.
 */
const WRITE =
  'a write: one staff decision or edit, not a read a screen repeats; its work is the transaction the tests prove';
const BULK =
  'writes: up to 100 of the row decisions above, one after another; its cost is the sum of those transactions';
const SIGN_IN = 'sign-in and password calls: deliberately slow (password hashing) and rate-limited';
const FILE = 'a file streamed to the browser (signed link or CSV): measured by bench:export, not per call';
const STATIC = 'the web app itself: measured by bench:web (bytes on the wire, paint time)';
const DOCS = 'the OpenAPI document and its viewer: for integrators, not a console screen';

export const NOT_BENCHED: Record<string, string> = {
  'GET /': STATIC,
  'GET /index.html': STATIC,
  'POST /api/users/loginAdmin': SIGN_IN,
  'POST /api/users/loginConfirm': SIGN_IN,
  'POST /api/users/resendLoginVerificationEmail': SIGN_IN,
  'POST /api/users/resetPassword': SIGN_IN,
  'POST /api/users/newPassword': SIGN_IN,
  'POST /email/confirm/:id': SIGN_IN,
  'POST /email/confirm/:setpassword/:id': SIGN_IN,
  'POST /api/users/logout': 'ends the session the bench signs in with',
  'GET /api/dev/outbox': 'development only (no SMTP_URL), loopback only',
  'GET /api/other/events':
    'a long-lived text/event-stream: no latency to measure; its cost is per change, not per call',
  'GET /api/kyc/image/:userId/:imageId': FILE,
  'GET /api/kyc/report/:userId': FILE,
  'GET /public/files/:file': FILE,
  'GET /api/exports/download': FILE,
  'POST /api/admin/exports': FILE,
  'GET /api/admin/audit/export.csv': FILE,
  'GET /api/admin/reconciliation/reports/:id/export.csv': FILE,
  'GET /api/admin/reconciliation/reports/:id':
    'the bench data holds no reconciliation report (reports are made by runs); its mismatches are read by (report_id, id) like any page',
  'POST /api/admin/audit/verify':
    'SYSOP maintenance that reads the whole hash chain on purpose: proportional to the trail',
  'POST /api/admin/reconciliation/run':
    'starts a background reconciliation job (DESIGN "Running in production")',
  'POST /upload': 'a document upload: bound by the file size, not the book',
  'POST /api/admin/users/register': WRITE,
  'POST /api/admin/users/editUser': WRITE,
  'POST /api/admin/users/changeUserAccountType': WRITE,
  'POST /api/admin/users/addLog': WRITE,
  'POST /api/admin/users/processUser': WRITE,
  'POST /api/admin/partners/updateEmailNotifications': WRITE,
  'POST /api/admin/users/processIbRequest': WRITE,
  'POST /api/admin/users/adminAddIbCode': WRITE,
  'POST /api/admin/users/adminUpdateIbCode': WRITE,
  'POST /api/admin/users/adminGenerateCodes': WRITE,
  'POST /api/admin/users/adminAddIbSlots': WRITE,
  'POST /api/admin/groups/addGroup': WRITE,
  'POST /api/admin/groups/editGroup': WRITE,
  'POST /api/admin/groups/deleteGroup': WRITE,
  'POST /api/admin/accounts/adminUpdateDeposit': WRITE,
  'POST /api/admin/accounts/adminProcessDeposit': WRITE,
  'POST /api/admin/accounts/adminUpdateWithdrawal': WRITE,
  'POST /api/admin/accounts/adminProcessWithdrawal': WRITE,
  'POST /api/admin/accounts/adminUpdateTransfer': WRITE,
  'POST /api/admin/accounts/adminProcessTransfer': WRITE,
  'POST /api/admin/accounts/adminUpdateProviderWithdrawal': WRITE,
  'POST /api/admin/accounts/adminProcessProviderWithdrawal': WRITE,
  'POST /api/admin/approvals/setThreshold': WRITE,
  'POST /api/admin/accounts/adminUpdateBankAccount': WRITE,
  'POST /api/admin/accounts/adminDepositReqBankDetails': WRITE,
  'POST /api/admin/accounts/adminUpdateAccount': WRITE,
  'POST /api/admin/accounts/adminCheckAccountPasswordChangeStatus':
    "asks the trading platform about one account: the platform's latency, not the server's",
  'POST /api/admin/accounts/adminCreateSubAccount': WRITE,
  'POST /api/admin/accounts/adminUpdateSubAccountRequest': WRITE,
  'POST /api/admin/accounts/changeTradingAccountNames': WRITE,
  'POST /api/admin/accounts/adminUpdateAccountLeverage': WRITE,
  'POST /api/admin/accounts/adminProcessLeverageUpdate': WRITE,
  'POST /api/admin/accounts/adminBulkDeposits': BULK,
  'POST /api/admin/accounts/adminBulkWithdrawals': BULK,
  'POST /api/admin/accounts/adminBulkTransfers': BULK,
  'POST /api/admin/accounts/adminBulkBankAccounts': BULK,
  'POST /api/admin/accounts/adminBulkLeverageRequests': BULK,
  'POST /api/admin/accounts/adminBulkSubAccountRequests': BULK,
  'POST /api/admin/users/adminBulkIbRequests': BULK,
  'POST /api/admin/sessions/end': WRITE,
  'POST /api/admin/staff/invite': WRITE,
  'POST /api/admin/staff/update': WRITE,
  'POST /api/admin/views/preferences':
    "a staff member's own column or density choice: one row by primary key, written on a click",
  'POST /api/admin/views/create': WRITE,
  'POST /api/admin/views/update': WRITE,
  'POST /api/admin/views/delete': WRITE,
  'POST /api/admin/reconciliation/alerts/:id/acknowledge': WRITE,
  'GET /api/docs': DOCS,
  'HEAD /api/docs/': DOCS,
  'GET /api/docs/static/index.html': DOCS,
  'GET /api/docs/static/swagger-initializer.js': DOCS,
  'GET /api/docs/static/*': DOCS,
  'GET /api/docs/json': DOCS,
  'GET /api/docs/yaml': DOCS,
};
