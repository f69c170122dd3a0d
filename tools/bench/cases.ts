/** The list calls and the filters and sorts their screens offer, as the benchmark sends them. */
export type BenchCase = { name: string; path: string; body: Record<string, unknown> };

const paged = (extra: Record<string, unknown> = {}) => ({ page: 1, sizePerPage: 50, ...extra });
const text = (filterVal: string) => ({ filterType: 'TEXT', filterVal });
const users = (status: string, extra: Record<string, unknown> = {}) => ({
  name: `users/${status} ${JSON.stringify(extra.filters ?? extra.sortField ?? 'default')}`,
  path: `/api/admin/users/list/paginated/${status}`,
  body: paged(extra),
});
const funding = (type: string, status: string, extra: Record<string, unknown> = {}) => ({
  name: `${type}/${status} ${JSON.stringify(extra.filters ?? extra.sortField ?? 'default')}`,
  path: '/api/admin/accounts/adminGetRequests/paginated',
  body: { type, status, ...paged(extra) },
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
  users('all', { filters: { eKYCApproved: { filterType: 'SELECT', filterVal: 'pending' } } }),
  users('all', { filters: { registered: { filterType: 'SELECT', filterVal: 'incomplete' } } }),
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
  // Global search (Ctrl+K): email, name, surname and transaction-id lookups at once.
  { name: 'search "client4242"', path: '/api/admin/search', body: { q: 'client4242' } },
];
