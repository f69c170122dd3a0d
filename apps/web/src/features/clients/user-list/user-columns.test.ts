import { USER_LIST_SORT_FIELDS } from '@brokerdesk/contract';
import { describe, expect, it } from 'vitest';
import { USER_FILTER_TYPES, userColumns } from './user-columns.tsx';

/** The user-list filter fields the server accepts (apps/server/src/features/clients/list.ts). */
const SERVER_FILTERS = [
  'name',
  'surname',
  'email',
  'country',
  'agentCode',
  'registered',
  'eKYCApproved',
  'accountType',
  'hubspotLifecycleId',
  'reason',
  'status',
];

describe('user list columns', () => {
  it('has the 13 headers of the client list in order', () => {
    expect(userColumns('all').map((c) => c.header)).toEqual([
      'STATUS',
      'TIME OF REGISTRATION',
      'APPLICATION TYPE',
      'FIRST NAME',
      'LAST NAME',
      'EMAIL',
      'COUNTRY OF RESID.',
      'AGENT CODE',
      'COMPLETE APPLICATION',
      'eKYC APPROVED',
      'CRM lifecycle',
      'REASON',
      'PROFILE',
    ]);
  });

  it('sorts and filters only by fields the server allows', () => {
    const sortable = userColumns('all')
      .filter((c) => c.sortable)
      .map((c) => c.id);
    expect(USER_LIST_SORT_FIELDS).toEqual(expect.arrayContaining(sortable));
    expect(SERVER_FILTERS).toEqual(expect.arrayContaining(Object.keys(USER_FILTER_TYPES)));
  });

  it('offers the status filter on All Accounts only', () => {
    expect(userColumns('all').find((c) => c.id === 'status')?.filter).toBeDefined();
    expect(userColumns('pending').find((c) => c.id === 'status')?.filter).toBeUndefined();
  });

  it('sends agent code and eKYC as the server reads them', () => {
    expect(USER_FILTER_TYPES).toMatchObject({
      agentCode: 'TEXT',
      eKYCApproved: 'SELECT',
      registered: 'SELECT',
    });
  });
});
