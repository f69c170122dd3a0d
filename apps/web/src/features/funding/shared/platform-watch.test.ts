import type { Deposit, Transfer } from '@brokerdesk/contract';
import { describe, expect, it } from 'vitest';
import { WATCH_MS, awaitingPlatform, platformPending, rowSignature } from './platform-watch.ts';

const deposit = (over: Partial<Deposit>) =>
  ({ _id: 'd1', status: 'approved', MTStatus: '', depositAmountSent: 10, ...over }) as Deposit;
const transfer = (over: Partial<Transfer>) =>
  ({
    _id: 't1',
    status: 'approved',
    sourceMTStatus: '',
    destinationMTStatus: '',
    transferAmount: 5,
    ...over,
  }) as Transfer;

describe('waiting for the platform after Approve & process', () => {
  it('knows when an approved request still lacks its platform answer', () => {
    expect(platformPending(deposit({}))).toBe(true);
    expect(platformPending(deposit({ MTStatus: 'SUCCESS' }))).toBe(false);
    expect(platformPending(deposit({ status: 'rejected' }))).toBe(false);
    expect(platformPending(transfer({ sourceMTStatus: 'SUCCESS' }))).toBe(true);
    expect(platformPending(transfer({ sourceMTStatus: 'SUCCESS', destinationMTStatus: 'SUCCESS' }))).toBe(
      false,
    );
    expect(platformPending(transfer({ sourceMTStatus: 'Not enough money' }))).toBe(false);
  });

  it('polls for watched rows only, until they change and settle or the minute is over', () => {
    const now = 1_000_000;
    const reversal = transfer({ sourceMTStatus: 'SUCCESS', destinationMTStatus: 'Platform busy' });
    const watches = new Map([
      ['d1', { until: now + WATCH_MS, signature: rowSignature(deposit({})) }],
      ['t1', { until: now + WATCH_MS, signature: rowSignature(reversal) }],
    ]);
    expect(awaitingPlatform(deposit({}), now, watches)).toBe(true);
    expect(awaitingPlatform(deposit({ MTStatus: 'SUCCESS' }), now, watches)).toBe(false);
    expect(awaitingPlatform(deposit({}), now + WATCH_MS + 1, watches)).toBe(false);
    expect(awaitingPlatform(deposit({ _id: 'other' }), now, watches)).toBe(false);
    // A reversal keeps its failed leg until the refund lands: unchanged means still waiting.
    expect(awaitingPlatform(reversal, now, watches)).toBe(true);
    expect(awaitingPlatform(transfer({ status: 'rejected' }), now, watches)).toBe(false);
  });
});
