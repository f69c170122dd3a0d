import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir, lockFile, UNREADABLE_GRACE_MS, type LockTaker } from '../../src/db/data-dir-lock.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
function lockIn(): { dir: string; file: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bd-lock-'));
  dirs.push(dir);
  return { dir, file: path.join(dir, 'brokerdesk.lock') };
}

// Stand-ins for starter processes: their pids are alive, every other pid is a process that is gone.
const DEAD = 4_000_001;
const live = new Set<number>();
function starter(pid: number, onStale?: () => void): LockTaker {
  live.add(pid);
  return { pid, isAlive: (p) => live.has(p), onStale };
}
function attempt(file: string, taker: LockTaker): 'locked' | string {
  try {
    lockFile(file, taker);
    return 'locked';
  } catch (err) {
    return (err as Error).message;
  }
}

describe('the DATA_DIR lock', () => {
  it('lets exactly one of two starters take over a lock they both judged stale', () => {
    const { file } = lockIn();
    fs.writeFileSync(file, String(DEAD));
    // A judges the holder gone; before A acts, B does the same and completes its takeover.
    let b = '';
    const a = attempt(
      file,
      starter(101, () => {
        b = attempt(file, starter(102));
      }),
    );
    expect(b).toBe('locked');
    expect(a).toMatch(/DATA_DIR .* is in use by process 102/);
    expect(fs.readFileSync(file, 'utf8')).toBe('102');
    expect(fs.readdirSync(path.dirname(file))).toEqual(['brokerdesk.lock']);
  });

  it('refuses while another starter is in the middle of a takeover, naming it', () => {
    const { file } = lockIn();
    fs.writeFileSync(file, String(DEAD));
    fs.writeFileSync(`${file}.${DEAD}`, '201');
    starter(201);
    expect(attempt(file, starter(202))).toMatch(/is in use by process 201/);
    expect(fs.readFileSync(file, 'utf8')).toBe(String(DEAD));
  });

  it('takes over from a starter killed in the middle of a takeover, and cleans up its claim', () => {
    const { file } = lockIn();
    fs.writeFileSync(file, String(DEAD));
    fs.writeFileSync(`${file}.${DEAD}`, String(DEAD + 1));
    expect(attempt(file, starter(301))).toBe('locked');
    expect(fs.readFileSync(file, 'utf8')).toBe('301');
    expect(fs.readdirSync(path.dirname(file))).toEqual(['brokerdesk.lock']);
  });

  it('never takes a lock file still being written (no pid in it yet) for a stale one', () => {
    const { file } = lockIn();
    fs.writeFileSync(file, '');
    expect(attempt(file, starter(401))).toMatch(/is being locked by another process/);
    expect(fs.readFileSync(file, 'utf8')).toBe('');
    // Left that way long ago, by a starter killed while writing it: garbage, taken over.
    const old = (Date.now() - UNREADABLE_GRACE_MS - 60_000) / 1000;
    fs.utimesSync(file, old, old);
    expect(attempt(file, starter(401))).toBe('locked');
    expect(fs.readFileSync(file, 'utf8')).toBe('401');
  });

  it('is free again at once after its holder is killed with SIGKILL', async () => {
    const { dir, file } = lockIn();
    const holder = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import { lockDataDir } from './apps/server/src/db/data-dir-lock.ts';
         lockDataDir(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 1000);`,
      ],
      { cwd: root },
    );
    await new Promise<void>((resolve) => holder.stdout.once('data', () => resolve()));
    expect(fs.readFileSync(file, 'utf8')).toBe(String(holder.pid));
    expect(() => lockDataDir(dir)).toThrow(`is in use by process ${holder.pid}`);
    const killed = new Promise((r) => holder.once('exit', r));
    holder.kill('SIGKILL');
    await killed;
    const release = lockDataDir(dir);
    expect(fs.readFileSync(file, 'utf8')).toBe(String(process.pid));
    await release();
    expect(fs.existsSync(file)).toBe(false);
  });
});
