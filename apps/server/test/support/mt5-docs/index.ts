import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * MetaQuotes' documented request and reply examples of every Web API call the client makes, one JSON
 * file per example, each with the address of its documentation page in `source` and the page's facts
 * in our words. The fake builds its replies from these records, and test/mt5/documented.test.ts holds
 * the client against them: a field name the client and the documentation disagree on fails a test.
 */

export type DocRequest = {
  method: 'GET' | 'POST';
  path: string;
  query: Record<string, string>;
  body?: Record<string, string>;
};
export type DocFixture = {
  call: string;
  source: string;
  facts: string[];
  request: DocRequest;
  reply: { status: number; body: Record<string, unknown> };
  vectors?: Record<string, string>;
};

const dir = path.dirname(fileURLToPath(import.meta.url));
const cache = new Map<string, DocFixture>();

export function docFixture(name: string): DocFixture {
  let fixture = cache.get(name);
  if (!fixture) {
    fixture = JSON.parse(fs.readFileSync(path.join(dir, `${name}.json`), 'utf8')) as DocFixture;
    cache.set(name, fixture);
  }
  return fixture;
}

/** Every call fixture by file name (retcodes.json, a list rather than a call, is left out). */
export function docFixtureNames(): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json') && f !== 'retcodes.json')
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
}

/** The documented return codes: number to MT_RET_* name. */
export function documentedRetcodes(): Record<string, string> {
  return (
    JSON.parse(fs.readFileSync(path.join(dir, 'retcodes.json'), 'utf8')) as { codes: Record<string, string> }
  ).codes;
}

/** The first record of a fixture's answer (an object, or the first of an array). */
export function documentedAnswer(name: string): Record<string, string> {
  const answer = docFixture(name).reply.body.answer;
  const first: unknown = Array.isArray(answer) ? answer[0] : answer;
  if (typeof first !== 'object' || first === null)
    throw new Error(`${name}: the documented reply has no record`);
  return first as Record<string, string>;
}

/**
 * A reply record shaped as documented: every key of the documented example, with `values` put in and
 * the example's other values made neutral ("0.00", "0", ""). A key the documentation does not show is
 * refused, so the fake cannot drift into names of its own.
 */
export function documentedRecord(name: string, values: Record<string, string>): Record<string, string> {
  const template = documentedAnswer(name);
  for (const key of Object.keys(values)) {
    if (!Object.hasOwn(template, key)) {
      throw new Error(
        `The fake answers ${key} in ${docFixture(name).call}, which the documentation does not show`,
      );
    }
  }
  const neutral = Object.fromEntries(Object.entries(template).map(([k, v]) => [k, neutralValue(v)]));
  return { ...neutral, ...values };
}

function neutralValue(example: string): string {
  if (/^-?\d+\.\d+$/.test(example)) return (0).toFixed(example.split('.')[1]!.length);
  return /^-?\d+$/.test(example) ? '0' : '';
}
