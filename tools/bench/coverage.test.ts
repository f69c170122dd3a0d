import { describe, expect, it } from 'vitest';
import { namedCalls, type CallDef } from '@brokerdesk/contract';
import { CASES } from './cases.ts';
import { BULK, NOT_BENCHED, WRITE } from './not-benched.ts';

/**
 * The bench's coverage: every call of the contract has a bench case or a written reason to have none,
 * each found by the call's definition. Timings stay in the bench; this only checks that nothing a
 * screen calls goes unmeasured. (That the server serves exactly the contract's calls, plus the web app
 * and the API docs, is the access matrix's check.)
 */
describe('bench coverage of the contract', () => {
  const named = namedCalls();
  const nameOf = (def: CallDef) => {
    const n = named.find((c) => c.def === def);
    return n ? `${n.area}.${n.name}` : `${def.method} ${def.path}`;
  };
  const measured = new Set(CASES.map((c) => c.def));

  it('has a case or a reason for every call', () => {
    const uncovered = named
      .filter((c) => !measured.has(c.def) && !NOT_BENCHED.has(c.def))
      .map((c) => nameOf(c.def));
    expect(uncovered, 'calls with neither a case in cases.ts nor a reason in not-benched.ts').toEqual([]);
  });

  it('names only calls of the contract, and does not both measure and excuse one', () => {
    const known = new Set(named.map((c) => c.def));
    expect([...NOT_BENCHED.keys()].filter((def) => !known.has(def)).map(nameOf)).toEqual([]);
    expect(
      CASES.filter((c) => !known.has(c.def)).map((c) => c.name),
      'cases of no known call',
    ).toEqual([]);
    expect([...NOT_BENCHED.keys()].filter((def) => measured.has(def)).map(nameOf)).toEqual([]);
    for (const reason of NOT_BENCHED.values()) expect(reason.length).toBeGreaterThan(10);
  });

  it('excuses no read as a write: a GET a screen makes is measured', () => {
    const reads = [...NOT_BENCHED].filter(
      ([def, reason]) => def.method === 'GET' && [WRITE, BULK].includes(reason),
    );
    expect(reads.map(([def]) => nameOf(def))).toEqual([]);
  });

  it('sends each case an input its call accepts', () => {
    const refused = CASES.flatMap((c) => {
      const checks = [
        [c.def.params, c.input.params ?? {}],
        [c.def.query, c.input.query ?? {}],
        [c.def.body, c.input.body],
      ] as const;
      return checks.flatMap(([schema, value]) => {
        const parsed = schema?.safeParse(value);
        return parsed && !parsed.success ? [`${c.name}: ${parsed.error.message}`] : [];
      });
    });
    expect(refused).toEqual([]);
  });

  it('names each case once', () => {
    const names = CASES.map((c) => c.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });
});
