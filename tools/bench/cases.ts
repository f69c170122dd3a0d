import {
  calls,
  urlOf,
  type CallBody,
  type CallDef,
  type CallInput,
  type CallParams,
  type NeedsNoInput,
} from '@brokerdesk/contract';

/**
 * Every call a screen makes, as the benchmark sends them: the list calls with the filters and sorts their
 * screens offer, and the other reads (counters, lookups, one record by id, the spec's non-paged calls).
 * Each case names its call by its definition in the contract, which gives its method and address. Every
 * call of the contract has a case here or a reason in not-benched.ts (coverage.test.ts checks it).
 */
export type BenchCase = {
  name: string;
  /** The call measured: the coverage check finds a call's cases by its definition. */
  def: CallDef;
  /** What the call is sent, as its definition takes it. */
  input: CallParts;
  method: CallDef['method'];
  /** The address: path parameters filled in and the query appended. */
  path: string;
  body?: unknown;
};

type CallParts = {
  params?: Record<string, string | number | boolean>;
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
};
type InputArgs<D extends CallDef> =
  NeedsNoInput<D> extends true ? [input?: CallInput<D>] : [input: CallInput<D>];

/** One case: the call's definition and its input, typed by the definition. */
function bench<D extends CallDef>(name: string, def: D, ...[input]: InputArgs<D>): BenchCase {
  const parts = (input ?? {}) as CallParts;
  return {
    name,
    def,
    input: parts,
    method: def.method,
    path: urlOf(def, parts),
    ...(def.method === 'POST' ? { body: parts.body ?? {} } : {}),
  };
}

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

/** A list's sort and filters, as its body takes them (page and page size are the bench's). */
type Extra<D extends CallDef> = Omit<NonNullable<CallBody<D>>, 'page' | 'sizePerPage'>;
type Paged = { page: number; sizePerPage: number };

const paged = <E extends object>(extra: E = {} as E): Paged & E => ({ page: 1, sizePerPage: 50, ...extra });
const text = (filterVal: string) => ({ filterType: 'TEXT', filterVal }) as const;
const select = (filterVal: string) => ({ filterType: 'SELECT', filterVal }) as const;
const label = (extra: { filters?: unknown; sortField?: unknown }) =>
  JSON.stringify(extra.filters ?? extra.sortField ?? 'default');

const { accounts: A, banks: B, clients: C, funding: F, partners: P } = calls;

const users = (status: CallParams<typeof C.pageUsers>['status'], extra: Extra<typeof C.pageUsers> = {}) =>
  bench(`users/${status} ${label(extra)}`, C.pageUsers, { params: { status }, body: paged(extra) });
const funding = (
  type: CallBody<typeof F.listFundingRequests>['type'],
  status: CallBody<typeof F.listFundingRequests>['status'],
  extra: Omit<Extra<typeof F.listFundingRequests>, 'type' | 'status'> = {},
) =>
  bench(`${type}/${status} ${label(extra)}`, F.listFundingRequests, {
    body: { type, status, ...paged(extra) },
  });
const accounts = (
  type: CallParams<typeof A.pageAccounts>['type'],
  approved: CallParams<typeof A.pageAccounts>['approved'],
  extra: Extra<typeof A.pageAccounts> = {},
) =>
  bench(`accounts/${type}/${approved} ${label(extra)}`, A.pageAccounts, {
    params: { all: 'all', type, approved },
    body: paged(extra),
  });
const leverage = (
  status: CallParams<typeof A.pageLeverageRequests>['status'],
  extra: Extra<typeof A.pageLeverageRequests> = {},
) =>
  bench(`leverage/${status} ${label(extra)}`, A.pageLeverageRequests, {
    params: { status },
    body: paged(extra),
  });
const banks = (
  status: CallParams<typeof B.pageBankAccounts>['status'],
  extra: Extra<typeof B.pageBankAccounts> = {},
) =>
  bench(`bank details/${status} ${label(extra)}`, B.pageBankAccounts, {
    params: { status },
    body: paged(extra),
  });
const subAccounts = (
  live: CallParams<typeof A.pageSubAccountRequests>['live'],
  status: CallParams<typeof A.pageSubAccountRequests>['status'],
  extra: Extra<typeof A.pageSubAccountRequests> = {},
) =>
  bench(`sub-accounts/${live}/${status} ${label(extra)}`, A.pageSubAccountRequests, {
    params: { live, status },
    body: paged(extra),
  });

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
  // Only the requests with open or confirmed alerts: an EXISTS on alerts_flagged_request_idx (migration 0028).
  funding('deposit', 'pending', { filters: { flagged: select('true') } }),
  funding('deposit', 'historical', { filters: { flagged: select('true') } }),
  funding('withdrawal', 'pending', { filters: { flagged: select('true') } }),
  funding('withdrawal', 'historical', { filters: { flagged: select('true') } }),
  funding('transfer', 'pending', { filters: { flagged: select('true') } }),
  accounts('live', 'approved'),
  accounts('live', 'pending'),
  accounts('demo', 'all'),
  accounts('live', 'approved', { sortField: 'balance', sortOrder: 'desc' }),
  accounts('live', 'all', { filters: { client: text('meyer') } }),
  bench('wallet accounts "default"', A.pageWalletAccounts, { body: paged() }),
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
  bench('IB requests "default"', P.pageIbRequests, { body: paged() }),
  bench('IB requests "clientName"', P.pageIbRequests, {
    body: paged({ sortField: 'clientName', sortOrder: 'asc' }),
  }),
  bench('IB codes "default"', P.pageIbCodes, { body: paged() }),
  bench('IB codes "name"', P.pageIbCodes, { body: paged({ sortField: 'name', sortOrder: 'asc' }) }),
  // The screen's server pages, and the spec's call that returns the newest 500 of every status at once.
  banks('pending'),
  banks('approved', { filters: { bankName: text('bank 42') } }),
  banks('approved', { sortField: 'name', sortOrder: 'asc' }),
  banks('approved', { filters: { email: text('client42') } }),
  bench('bank details (all/all)', B.listBankAccounts),
  bench('audit "default"', calls.audit.searchAudit, { body: paged() }),
  // The client filter: the global search's prefix look-ups (at most 20 clients), then the userId arms.
  bench('audit client "meyer"', calls.audit.searchAudit, { body: paged({ filters: { client: 'meyer' } }) }),
  bench('audit client "client4242"', calls.audit.searchAudit, {
    body: paged({ filters: { client: 'client4242' } }),
  }),
  bench('audit record id', calls.audit.searchAudit, { body: paged({ filters: { recordId: DEPOSIT } }) }),
  // Global search (Ctrl+K): email, name, surname, account, transaction-id and IB-code lookups at once.
  bench('search "client4242"', calls.search.searchRecords, { body: { q: 'client4242' } }),
  bench('search "meyer"', calls.search.searchRecords, { body: { q: 'meyer' } }),
  bench('search "500123"', calls.search.searchRecords, { body: { q: '500123' } }),
  bench('search "TX4242"', calls.search.searchRecords, { body: { q: 'TX4242' } }),
  // Polled by every open console (the sidebar, the deposit notice, the platform lights): budget 10 ms.
  bench('polled: counters', calls.system.countNewRequests),
  bench('polled: new deposits', calls.system.checkNewDeposits),
  bench('polled: platform status', calls.system.listPlatformStatuses),
  // Polled by the load balancer or orchestrator: they must stay cheap however often they are asked.
  bench('polled: healthz', calls.system.checkHealth),
  bench('polled: readyz', calls.system.checkReadiness),
  // The shell: who is signed in, the server's version, staff names shown beside decisions.
  bench('me', calls.auth.getMe),
  bench('server info', calls.system.getServerInfo),
  bench('getAdmins', C.listAdmins),
  // The Staff screen: the staff among a million clients, with last sign-in and live sessions.
  bench('staff', calls.staff.listStaff),
  // Every list screen reads its columns, density and saved views; a shared view opens by its link.
  bench('list settings', calls.views.getTableSettings, { query: { list: 'users.pending' } }),
  bench('saved view by link', calls.views.getView, { params: { id: SAVED_VIEW } }),
  // A client's profile and its cards.
  bench('client profile', C.getProfile, { params: { id: CLIENT } }),
  bench('client logs', C.listLogs, { params: { userId: CLIENT } }),
  bench('client application data', C.getApplication, { params: { id: CLIENT } }),
  bench('client KYC documents', C.listKycDocuments, { params: { id: CLIENT } }),
  bench('client KYC applicant', C.getKycApplicant, { params: { id: CLIENT } }),
  bench('client document views', calls.audit.listDocumentViews, { params: { userId: CLIENT } }),
  bench('client activity timeline', C.getTimeline, { params: { id: CLIENT }, query: { limit: 20 } }),
  bench('client activity timeline, older page', C.getTimeline, {
    params: { id: CLIENT },
    query: { limit: 20, before: `1790000000:log:${'f'.repeat(24)}` },
  }),
  bench('client bank accounts', B.listClientBankAccounts, { params: { id: CLIENT } }),
  // The profile's Money picture card: sums per client in SQL, whatever the number of requests.
  bench('client money picture', calls.evidence.getMoneyPicture, { params: { userId: CLIENT }, query: {} }),
  bench('client trading accounts', A.listClientAccounts, {
    params: { userId: CLIENT, type: 'live', approved: 'all' },
  }),
  bench('client deposits (profile)', F.pageClientFundingHistory, {
    params: { userId: CLIENT, type: 'deposit', approved: 'all' },
    body: paged(),
  }),
  bench('client withdrawals (profile)', F.pageClientFundingHistory, {
    params: { userId: CLIENT, type: 'withdrawal', approved: 'approved' },
    body: paged(),
  }),
  bench('partner mail settings', C.getPartnerEmailSettings, { params: { userId: PARTNER } }),
  // Partners: the spec's non-paged calls, one request, a code's generated sub-codes.
  bench('IB requests (spec, page 1)', P.listIbRequests, { query: {} }),
  bench('IB codes (spec, page 1)', P.listIbCodes, { query: {} }),
  bench('IB request', P.getIbRequest, { params: { id: IB_REQUEST } }),
  bench('generated codes', P.listGeneratedCodes, { params: { agentCode: PARTNER_CODE } }),
  bench('groups', calls.groups.listGroups),
  // Funding: one request by id (deep links), the Orders table, the four-eyes thresholds.
  bench('deposit by id', F.getFundingRequest, { params: { type: 'deposit', id: DEPOSIT } }),
  bench('withdrawal by id', F.getFundingRequest, { params: { type: 'withdrawal', id: WITHDRAWAL } }),
  bench('transfer by id', F.getFundingRequest, { params: { type: 'transfer', id: TRANSFER } }),
  bench('withdrawal orders', F.listWithdrawalOrders, { query: {} }),
  bench('four-eyes thresholds', calls.approvals.listThresholds),
  // The alerts screen: one status, newest first, on alerts_status_created_idx.
  bench('open alerts', calls.alerts.listAlerts, { query: {} }),
  bench('alert thresholds', calls.alerts.listAlertThresholds),
  bench('refundable methods', calls.evidence.listRefundableMethods),
  // Every alert rule on each of a client's requests (docs/product.md [alerts.rules]): the reads one
  // request's evaluation makes, times the client's few requests; after the first run it raises nothing new.
  bench('evaluate alerts (every rule, each of a client’s requests)', calls.alerts.evaluateClientAlerts, {
    params: { userId: CLIENT },
  }),
  // The update modal's alerts of its request.
  bench('withdrawal alerts', calls.alerts.listRequestAlerts, {
    params: { requestType: 'withdrawal', requestId: WITHDRAWAL },
  }),
  bench('bank account by id', B.getBankAccount, { params: { id: BANK_ACCOUNT } }),
  // Accounts: the spec's non-paged lists and one record by id.
  bench('wallet accounts (spec, all)', A.listWalletAccounts),
  bench('trading account by id', A.getAccount, { params: { id: ACCOUNT } }),
  bench('sub-account requests (spec)', A.listSubAccountRequests, {
    params: { live: 'all', status: 'pending' },
    query: {},
  }),
  bench('sub-account request by id', A.getSubAccountRequest, { params: { id: SUB_ACCOUNT } }),
  bench('leverage requests (spec)', A.listLeverageRequests, { params: { status: 'pending' }, query: {} }),
  bench('leverage request by id', A.getLeverageRequest, { params: { id: LEVERAGE } }),
  // Audit and sessions (SYSOP), reconciliation reports and alerts.
  bench('audit facets', calls.audit.getAuditFacets),
  bench('live sessions', calls.audit.listSessions),
  bench('reconciliation reports', calls.reconciliation.listReconciliationReports, {
    body: { page: 1, sizePerPage: 10 },
  }),
  bench('reconciliation alerts', calls.reconciliation.listReconciliationAlerts),
  // Scheduled reports: the history and the subscriptions (making one is bench:report's, performance.md).
  bench('kept reports', calls.reports.listReports, { body: { page: 1, sizePerPage: 10 } }),
  bench('report subscriptions', calls.reports.listReportSubscriptions),
  // The Home screen: queues with their oldest item, platform and reconciliation; money and decisions by
  // day over the periods it offers, in a zone with a half-hour offset (the odd case).
  bench('dashboard overview', calls.dashboard.getDashboardOverview),
  bench('dashboard activity 30 days', calls.dashboard.getDashboardActivity, {
    query: { days: 30, tz: 'Europe/London' },
  }),
  bench('dashboard activity 90 days', calls.dashboard.getDashboardActivity, {
    query: { days: 90, tz: 'Asia/Kolkata' },
  }),
];

/** The calls whose p95 budget is 10 ms instead of 50: polled by every open console, or by the load balancer. */
export const POLLED = (c: BenchCase) => c.name.startsWith('polled: ');
