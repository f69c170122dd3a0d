import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@brokerdesk/contract';
import { runBulk } from '../../src/http/bulk.ts';
import { Conflict, Invalid } from '../../src/http/errors.ts';

describe('runBulk', () => {
  it('goes on after a refused row, gives refusals their words and faults only the generic ones', async () => {
    const logged: unknown[] = [];
    const results = await runBulk(
      ['a', 'b', 'c', 'd'],
      async (id) => {
        if (id === 'b') throw new Conflict('This deposit is already approved.');
        if (id === 'c') throw new Error('connection reset: select * from deposits');
        if (id === 'd') throw new Invalid({ comment: 'You cannot reject deposit without a reason' });
        return { message: 'Deposit updated.' };
      },
      { error: (o) => logged.push(o) },
    );
    expect(results).toEqual([
      { _id: 'a', ok: true, message: 'Deposit updated.' },
      { _id: 'b', ok: false, status: 409, error: 'This deposit is already approved.' },
      { _id: 'c', ok: false, status: 500, error: MESSAGES.somethingWrong },
      { _id: 'd', ok: false, status: 400, error: 'You cannot reject deposit without a reason' },
    ]);
    expect(logged).toEqual([{ err: expect.any(Error), id: 'c' }]);
  });
});
