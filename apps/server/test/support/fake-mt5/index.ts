export { FakeMt5Server, type FakeMt5Options, type FakeCounters, type RequestEvent } from './server.ts';
export { FaultSwitches, type FaultTarget } from './faults.ts';
export { FakeLedger, type FakeAccount, type FakeDeal, type FakeTrade } from './ledger.ts';
