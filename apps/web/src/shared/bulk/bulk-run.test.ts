import { describe, expect, it } from 'vitest';
import { MESSAGES, type BulkResult } from '@brokerdesk/contract';
import { ApiError } from '../api.ts';
import { approveQuestion } from './bulk-copy.ts';
import { headerState, keepSelectable, runInChunks, summary, toggleAll, toggleOne } from './bulk-run.ts';

describe('bulk selection', () => {
  it('selects the whole page from the header, and clears it when all were ticked', () => {
    expect(headerState([], ['a', 'b'])).toBe('none');
    expect(headerState(['a'], ['a', 'b'])).toBe('some');
    expect(headerState(['b', 'a'], ['a', 'b'])).toBe('all');
    expect(toggleAll(['a'], ['a', 'b'])).toEqual(['a', 'b']);
    expect(toggleAll(['a', 'b'], ['a', 'b'])).toEqual([]);
    expect(toggleOne(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleOne(['a', 'b'], 'a')).toEqual(['b']);
  });

  it('drops rows that left the page or can no longer be decided', () => {
    expect(keepSelectable(['a', 'gone', 'c'], ['a', 'b', 'c'])).toEqual(['a', 'c']);
    expect(headerState(['gone'], ['a'])).toBe('none');
  });
});

describe('runInChunks', () => {
  it('sends pieces in order, reports progress after each, and a failed piece does not stop the rest', async () => {
    const ids = Array.from({ length: 7 }, (_, i) => `id${i}`);
    const sent: string[][] = [];
    const progress: number[] = [];
    const results = await runInChunks(
      ids,
      async (piece) => {
        sent.push(piece);
        if (piece.includes('id3')) throw new ApiError(409, { server: 'This deposit is already approved.' });
        if (piece.includes('id6')) throw new TypeError('Failed to fetch');
        return piece.map((_id): BulkResult => ({ _id, ok: true }));
      },
      (so) => progress.push(so.length),
      3,
    );
    expect(sent).toEqual([['id0', 'id1', 'id2'], ['id3', 'id4', 'id5'], ['id6']]);
    expect(progress).toEqual([3, 6, 7]);
    expect(results.map((r) => [r._id, r.ok, r.error])).toEqual([
      ['id0', true, undefined],
      ['id1', true, undefined],
      ['id2', true, undefined],
      ['id3', false, 'This deposit is already approved.'],
      ['id4', false, 'This deposit is already approved.'],
      ['id5', false, 'This deposit is already approved.'],
      ['id6', false, MESSAGES.somethingWrong],
    ]);
    expect(summary(results)).toBe('3 done, 4 refused');
  });
});

describe('approval questions', () => {
  it("asks the confirmation's own question for one row and the same of several", () => {
    expect(approveQuestion('deposit', 1)).toBe(MESSAGES.approveDeposit);
    expect(approveQuestion('deposit', 3)).toBe('Are you sure you want to approve these 3 deposits?');
    expect(approveQuestion('transfer', 2)).toBe('Do you want to mark these 2 transfers as processed?');
    expect(approveQuestion('leverage', 1)).toBe(MESSAGES.approveLeverage);
  });
});
