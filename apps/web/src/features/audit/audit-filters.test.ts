import { describe, expect, it } from 'vitest';
import { epochToLocalInput, localInputToEpoch, recordIdIn, toAuditFilters } from './audit-filters.ts';

const ID = '64f0aa11bb22cc33dd44ee55';

describe('audit search filters from the URL', () => {
  it('keeps the values the server takes and drops the rest', () => {
    expect(
      toAuditFilters({
        actorId: ID,
        userId: 'not-an-id',
        entity: ' deposit ',
        action: '',
        from: '100',
        to: 'x',
      }),
    ).toEqual({ actorId: ID, entity: 'deposit', from: 100 });
    expect(toAuditFilters({ from: '200', to: '100' })).toEqual({ from: 200 });
    expect(toAuditFilters({ from: '100', to: '200', userId: ID })).toEqual({
      userId: ID,
      from: 100,
      to: 200,
    });
    expect(toAuditFilters({})).toEqual({});
  });

  it('keeps a client name or email the server takes, and a record id', () => {
    expect(toAuditFilters({ client: ' Ewa Janiak ', recordId: ID })).toEqual({
      client: 'Ewa Janiak',
      recordId: ID,
    });
    expect(toAuditFilters({ client: 'e', recordId: `wd:${ID}` })).toEqual({});
    expect(toAuditFilters({ client: "' or 1=1 --" })).toEqual({});
  });

  it('finds the record id in what was pasted: a bare id or a platform operation key', () => {
    expect(recordIdIn(ID)).toBe(ID);
    expect(recordIdIn(` wd:${ID.toUpperCase()} `)).toBe(ID);
    expect(recordIdIn(`dep:${ID}:2`)).toBe(ID);
    expect(recordIdIn('wd:6a965ff92ddee81fb1')).toBeNull();
    expect(recordIdIn(`${ID}0`)).toBeNull();
  });

  it('turns a datetime-local value into epoch seconds and back; an end covers its minute', () => {
    const start = localInputToEpoch('2026-03-01T10:15');
    expect(start).toMatch(/^\d+$/);
    expect(Number(localInputToEpoch('2026-03-01T10:15', true))).toBe(Number(start) + 59);
    expect(epochToLocalInput(start)).toBe('2026-03-01T10:15');
    expect(localInputToEpoch('')).toBeUndefined();
    expect(epochToLocalInput('nope')).toBe('');
  });
});
