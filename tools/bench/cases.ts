/**
 * Every call a screen makes, as the benchmark sends them: the list calls with the filters and sorts their
 * screens offer, and the other reads (counters, lookups, one record by id, the spec's non-paged calls).
 * Every route of the server has a case here or a reason in not-benched.ts (coverage.test.ts checks it).
 */
export type BenchCase = {
  name: string;
  path: string;
  method: 'GET' | 'POST';
  body?: Record<string, unknown>;
};

const get = (name: string, path: string): BenchCase => ({ name, path, method: 'GET' });

/** Ids of rows fill.sql and fill-more.sql make: row i of a table is its offset + i, in 24 hex characters. */
const benchId = (offset: number, i: number) => (offset + i).toString(16).padStart(24, '0');
/**
 * Client 42 (a USER with a trading account, client logs and KYC documents), partner 50 (every 50th
 * client) and its agent code, and row 42 of the request tables: present from 2,100 clients up.
 */
const CLIENT = benchId(0, 42);
const PARTNER = benchId(0, 50);
const PARTNER_CODE = 10000 + 50 / 50;
const ACCOUNT = benchId(4_000_000_000, 42);
const DEPOSIT = benchId(1_000_000_000, 42);
const WITHDRAWAL = benchId(2_000_000_000, 42);
const TRANSFER = benchId(3_000_000_000, 42);
const LEVERAGE = benchId(5_000_000_000, 42);
const SUB_ACCOUNT = benchId(6_000_000_000, 42);
const BANK_ACCOUNT = benchId(7_000_000_000, 42);
const IB_REQUEST = benchId(8_000_000_000, 42);
/** A saved view, made with the bench's staff member (staff-token.ts) when the data has none. */
export const SAVED_VIEW = benchId(20_000_000_000, 1);

const paged = (extra: Record<string, unknown> = {}) => ({ page: 1, sizePerPage: 50, ...extra });
const text = (filterVal: string) => ({ filterType: 'TEXT', filterVal });
const select = (filterVal: string) => ({ filterType: 'SELECT', filterVal });
const label = (extra: Record<string, unknown>) =>
  JSON.stringify(extra.filters ?? extra.sortField ?? 'default');
const post = (name: string, path: string, body: Record<string, unknown>): BenchCase => ({
  name,
  path,
  method: 'POST',
  body,
});

const users = (status: string, extra: Record<string, unknown> = {}) =>
  post(`users/${status} ${label(extra)}`, `/api/admin/users/list/paginated/${status}`, paged(extra));
const funding = (type: string, status: string, extra: Record<string, unknown> = {}) =>
  post(`${type}/${status} ${label(extra)}`, '/api/admin/accounts/adminGetRequests/paginated', {
    type,
    status,
    ...paged(extra),
  });
const accounts = (type: string, approved: string, extra: Record<string, unknown> = {}) =>
  post(
    `accounts/${type}/${approved} ${label(extra)}`,
    `/api/admin/accounts/adminGetAccounts/paginated/all/${type}/${approved}`,
    paged(extra),
  );
const leverage = (status: string, extra: Record<string, unknown> = {}) =>
  post(
    `leverage/${status} ${label(extra)}`,
    `/api/admin/accounts/adminGetLeverageRequests/paginated/${status}`,
    paged(extra),
  );
const banks = (status: string, extra: Record<string, unknown> = {}) =>
  post(
    `bank details/${status} ${label(extra)}`,
    `/api/admin/accounts/adminGetBankAccounts/paginated/${status}`,
    paged(extra),
  );
const subAccounts = (live: string, status: string, extra: Record<string, unknown> = {}) =>
  post(
    `sub-accounts/${live}/${status} ${label(extra)}`,
    `/api/admin/accounts/adminGetSubAccountRequests/paginated/${live}/${status}`,
    paged(extra),
  );

export const CASES: BenchCase[] = [
  users('all'),
  users('new'),
  users('pending'),
  users('approved'),
  users('rejected'),
  users('all', { sortField: 'name', sortOrder: 'asc' }),
  users('all', { sortField: 'email', sortOrder: 'asc' }),
  users('all', { filters: { surname: text('meyer12') } }),
  users('all', { filters: { email: text('client4242') } }),
  users('all', { filters: { country: text('germany') } }),
  users('all', { filters: { agentCode: text('*') } }),
  users('all', { filters: { agentCode: text('10040') } }),
  users('all', { filters: { eKYCApproved: select('pending') } }),
  users('all', { filters: { registered: select('incomplete') } }),
  users('new', { filters: { name: text('anna') } }),
  funding('deposit', 'pending'),
  funding('deposit', 'incomplete'),
  funding('deposit', 'historical'),
  funding('deposit', 'historical', { sortField: 'depositAmountSent', sortOrder: 'desc' }),
  funding('deposit', 'pending', { filters: { client: text('meyer') } }),
  funding('deposit', 'historical', { filters: { transactionId: text('TX4242') } }),
  funding('withdrawal', 'pending'),
  funding('withdrawal', 'historical'),
  funding('withdrawal', 'error'),
  funding('transfer', 'pending'),
  funding('transfer', 'approved', { sortField: 'transferAmount', sortOrder: 'asc' }),
  accounts('live', 'approved'),
  accounts('live', 'pending'),
  accounts('demo', 'all'),
  accounts('live', 'approved', { sortField: 'balance', sortOrder: 'desc' }),
  accounts('live', 'all', { filters: { client: text('meyer') } }),
  post('wallet accounts "default"', '/api/admin/accounts/adminGetWalletAccounts/paginated', paged()),
  leverage('pending'),
  leverage('approved'),
  subAccounts('all', 'pending'),
  subAccounts('live', 'approved'),
  // Sorting and filtering by the client: the row's own client columns (migration 0020), indexed per tab.
  subAccounts('all', 'pending', { sortField: 'name', sortOrder: 'asc' }),
  subAccounts('all', 'pending', { sortField: 'email', sortOrder: 'desc' }),
  leverage('approved', { sortField: 'client', sortOrder: 'asc' }),
  leverage('pending', { filters: { client: text('meyer') } }),
  accounts('live', 'approved', { sortField: 'equity', sortOrder: 'desc' }),
  post('IB requests "default"', '/api/admin/users/adminGetIbRequests/paginated', paged()),
  post(
    'IB requests "clientName"',
    '/api/admin/users/adminGetIbRequests/paginated',
    paged({ sortField: 'clientName', sortOrder: 'asc' }),
  ),
  post('IB codes "default"', '/api/admin/users/adminGetIbCodes/paginated', paged()),
  post(
    'IB codes "name"',
    '/api/admin/users/adminGetIbCodes/paginated',
    paged({ sortField: 'name', sortOrder: 'asc' }),
  ),
  // The screen's server pages, and the spec's call that returns the newest 500 of every status at once.
  banks('pending'),
  banks('approved', { filters: { bankName: text('bank 42') } }),
  banks('approved', { sortField: 'name', sortOrder: 'asc' }),
  banks('approved', { filters: { email: text('client42') } }),
  { name: 'bank details (all/all)', path: '/api/admin/accounts/adminGetBankAccounts/all/all', method: 'GET' },
  post('audit "default"', '/api/admin/audit/search', paged()),
  // The client filter: the global search's prefix look-ups (at most 20 clients), then the userId arms.
  post('audit client "meyer"', '/api/admin/audit/search', paged({ filters: { client: 'meyer' } })),
  post('audit client "client4242"', '/api/admin/audit/search', paged({ filters: { client: 'client4242' } })),
  post('audit record id', '/api/admin/audit/search', paged({ filters: { recordId: DEPOSIT } })),
  // Global search (Ctrl+K): email, name, surname, account, transaction-id and IB-code lookups at once.
  post('search "client4242"', '/api/admin/search', { q: 'client4242' }),
  post('search "meyer"', '/api/admin/search', { q: 'meyer' }),
  post('search "500123"', '/api/admin/search', { q: '500123' }),
  post('search "TX4242"', '/api/admin/search', { q: 'TX4242' }),
  // Polled by every open console (the sidebar, the deposit notice, the platform lights): budget 10 ms.
  get('polled: counters', '/api/other/getNewRequestsCount/'),
  get('polled: new deposits', '/api/other/checkNewDeposits/'),
  get('polled: platform status', '/api/admin/other/getMlStatuses/'),
  // Polled by the load balancer or orchestrator (DESIGN "Running in production": cheap).
  get('polled: healthz', '/healthz'),
  get('polled: readyz', '/readyz'),
  // The shell: who is signed in, the server's version, staff names shown beside decisions.
  get('me', '/api/users/me'),
  get('server info', '/api/other/serverInfo'),
  get('getAdmins', '/api/admin/users/getAdmins'),
  // The Staff screen: the staff among a million clients, with last sign-in and live sessions.
  get('staff', '/api/admin/staff'),
  // Every list screen reads its columns, density and saved views; a shared view opens by its link.
  get('list settings', '/api/admin/views?list=users.pending'),
  get('saved view by link', `/api/admin/views/${SAVED_VIEW}`),
  // A client's profile and its cards.
  get('client profile', `/api/admin/users/profile/${CLIENT}`),
  get('client logs', `/api/admin/users/logs/${CLIENT}`),
  get('client application data', `/api/admin/users/getClientApplicationData/${CLIENT}`),
  get('client KYC documents', `/api/admin/users/getKYCDocuments/${CLIENT}`),
  get('client KYC applicant', `/api/admin/users/getKYCApplicantData/${CLIENT}`),
  get('client document views', `/api/admin/users/documentViews/${CLIENT}`),
  get('client activity timeline', `/api/admin/users/timeline/${CLIENT}?limit=20`),
  get(
    'client activity timeline, older page',
    `/api/admin/users/timeline/${CLIENT}?limit=20&before=${encodeURIComponent(`1790000000:log:${'f'.repeat(24)}`)}`,
  ),
  get('client bank accounts', `/api/admin/users/bankAccounts/${CLIENT}`),
  get('client trading accounts', `/api/admin/accounts/adminGetAccounts/${CLIENT}/live/all`),
  post(
    'client deposits (profile)',
    `/api/admin/accounts/adminGetFundingRequests/paginated/${CLIENT}/deposit/all`,
    paged(),
  ),
  post(
    'client withdrawals (profile)',
    `/api/admin/accounts/adminGetFundingRequests/paginated/${CLIENT}/withdrawal/approved`,
    paged(),
  ),
  get('partner mail settings', `/api/admin/partners/getEmailNotifications/${PARTNER}`),
  // Partners: the spec's non-paged calls, one request, a code's generated sub-codes.
  get('IB requests (spec, page 1)', '/api/admin/users/adminGetIbRequests'),
  get('IB codes (spec, page 1)', '/api/admin/users/adminGetIbCodes'),
  get('IB request', `/api/admin/users/adminGetIbRequest/${IB_REQUEST}`),
  get('generated codes', `/api/admin/users/adminGetGeneratedCodes/${PARTNER_CODE}`),
  get('groups', '/api/admin/groups/getGroups'),
  // Funding: one request by id (deep links), the Orders table, the four-eyes thresholds.
  get('deposit by id', `/api/admin/accounts/adminGetRequest/deposit/${DEPOSIT}`),
  get('withdrawal by id', `/api/admin/accounts/adminGetRequest/withdrawal/${WITHDRAWAL}`),
  get('transfer by id', `/api/admin/accounts/adminGetRequest/transfer/${TRANSFER}`),
  get('withdrawal orders', '/api/admin/accounts/adminGetWithdrawalOrders'),
  get('four-eyes thresholds', '/api/admin/approvals/thresholds'),
  get('bank account by id', `/api/admin/accounts/adminGetBankAccount/${BANK_ACCOUNT}`),
  // Accounts: the spec's non-paged lists and one record by id.
  get('wallet accounts (spec, all)', '/api/admin/accounts/adminGetWalletAccounts/all'),
  get('trading account by id', `/api/admin/accounts/adminGetAccount/${ACCOUNT}`),
  get('sub-account requests (spec)', '/api/admin/accounts/adminGetSubAccountRequests/all/pending'),
  get('sub-account request by id', `/api/admin/accounts/adminGetSubAccountRequest/${SUB_ACCOUNT}`),
  get('leverage requests (spec)', '/api/admin/accounts/adminGetLeverageRequests/pending'),
  get('leverage request by id', `/api/admin/accounts/adminGetLeverageRequest/${LEVERAGE}`),
  // Audit and sessions (SYSOP), reconciliation reports and alerts.
  get('audit facets', '/api/admin/audit/facets'),
  get('live sessions', '/api/admin/sessions'),
  post('reconciliation reports', '/api/admin/reconciliation/reports', { page: 1, sizePerPage: 10 }),
  get('reconciliation alerts', '/api/admin/reconciliation/alerts'),
  // The Home screen (issue 20): queues with their oldest item, platform and reconciliation; money and
  // decisions by day over the periods it offers, in a zone with a half-hour offset (the odd case).
  get('dashboard overview', '/api/admin/dashboard/overview'),
  get('dashboard activity 30 days', '/api/admin/dashboard/activity?days=30&tz=Europe%2FLondon'),
  get('dashboard activity 90 days', '/api/admin/dashboard/activity?days=90&tz=Asia%2FKolkata'),
];

/** The calls whose p95 budget is 10 ms instead of 50 (DESIGN: polled by every open console). */
export const POLLED = (c: BenchCase) => c.name.startsWith('polled: ');
