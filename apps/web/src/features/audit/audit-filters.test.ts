import { describe, expect, it } from 'vitest';
import { epochToLocalInput, localInputToEpoch, toAuditFilters } from './audit-filters.ts';

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

  it('turns a datetime-local value into epoch seconds and back; an end covers its minute', () => {
    const start = localInputToEpoch('2026-03-01T10:15');
    expect(start).toMatch(/^\d+$/);
    expect(Number(localInputToEpoch('2026-03-01T10:15', true))).toBe(Number(start) + 59);
    expect(epochToLocalInput(start)).toBe('2026-03-01T10:15');
    expect(localInputToEpoch('')).toBeUndefined();
    expect(epochToLocalInput('nope')).toBe('');
  });
});
