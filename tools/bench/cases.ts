/** The list calls and the filters and sorts their screens offer, as the benchmark sends them. */
export type BenchCase = {
  name: string;
  path: string;
  method: 'GET' | 'POST';
  body?: Record<string, unknown>;
};

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
  // Sorting by a client's name: a sub-select per row, no index (docs/performance.md).
  subAccounts('all', 'pending', { sortField: 'name', sortOrder: 'asc' }),
  accounts('live', 'approved', { sortField: 'equity', sortOrder: 'desc' }),
  post('IB requests "default"', '/api/admin/users/adminGetIbRequests/paginated', paged()),
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
  { name: 'bank details (all/all)', path: '/api/admin/accounts/adminGetBankAccounts/all/all', method: 'GET' },
  post('audit "default"', '/api/admin/audit/search', paged()),
  // Global search (Ctrl+K): email, name, surname, account, transaction-id and IB-code lookups at once.
  post('search "client4242"', '/api/admin/search', { q: 'client4242' }),
  post('search "meyer"', '/api/admin/search', { q: 'meyer' }),
  post('search "500123"', '/api/admin/search', { q: '500123' }),
  post('search "TX4242"', '/api/admin/search', { q: 'TX4242' }),
];
