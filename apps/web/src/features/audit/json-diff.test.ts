import { describe, expect, it } from 'vitest';
import { diffJson, flattenJson, formatJsonValue } from './json-diff.ts';

describe('the before/after diff of an audit record', () => {
  it('pairs fields by path and says how each changed', () => {
    const rows = diffJson(
      { status: 'pending', amount: 100, times: { created: 1 }, tags: ['a'] },
      { status: 'approved', amount: 100, times: { created: 1, approved: 2 }, adminId: 'x' },
    );
    expect(rows).toEqual([
      { path: 'status', before: 'pending', after: 'approved', change: 'changed' },
      { path: 'amount', before: 100, after: 100, change: 'same' },
      { path: 'times.created', before: 1, after: 1, change: 'same' },
      { path: 'tags[0]', before: 'a', after: undefined, change: 'removed' },
      { path: 'times.approved', before: undefined, after: 2, change: 'added' },
      { path: 'adminId', before: undefined, after: 'x', change: 'added' },
    ]);
  });

  it('shows a creation as additions and keeps empty objects and plain values', () => {
    expect(diffJson(null, { a: {}, b: [] }).map((r) => [r.path, r.change])).toEqual([
      ['a', 'added'],
      ['b', 'added'],
    ]);
    expect(diffJson('old', 'new')).toEqual([{ path: '', before: 'old', after: 'new', change: 'changed' }]);
    expect(diffJson(undefined, undefined)).toEqual([]);
    expect([...flattenJson({ x: { y: [1, { z: null }] } }).entries()]).toEqual([
      ['x.y[0]', 1],
      ['x.y[1].z', null],
    ]);
  });

  it('writes text as is and other values as JSON', () => {
    expect(formatJsonValue('approved')).toBe('approved');
    expect(formatJsonValue(12.5)).toBe('12.5');
    expect(formatJsonValue(null)).toBe('null');
    expect(formatJsonValue({})).toBe('{}');
    expect(formatJsonValue(undefined)).toBe('');
  });
});
