import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateRecord, recordKeys } from './invalidate-record.ts';
import { entityKeys } from './query-keys.ts';

const keys = entityKeys('things');

function cached() {
  const client = new QueryClient();
  for (const key of [
    keys.list({ page: 1 }),
    keys.detail('a'),
    keys.detail('b'),
    ['linked-row', ...keys.detail('a')],
  ])
    client.setQueryData(key, 1);
  return client;
}
const invalid = (client: QueryClient, key: readonly unknown[]) =>
  client.getQueryState(key)?.isInvalidated ?? 'gone';

describe('invalidateRecord', () => {
  it('loads again the lists and the record changed, and drops the copy a link loaded of it', async () => {
    const client = cached();
    await invalidateRecord(client, keys, 'a');
    expect(invalid(client, keys.list({ page: 1 }))).toBe(true);
    expect(invalid(client, keys.detail('a'))).toBe(true);
    expect(invalid(client, ['linked-row', ...keys.detail('a')])).toBe('gone');
    expect(invalid(client, keys.detail('b'))).toBe(false);
  });

  it('takes every record of the entity when no id is given (bulk changes)', () => {
    expect(recordKeys(keys)).toEqual([keys.lists(), keys.details(), ['linked-row', ...keys.details()]]);
  });
});
