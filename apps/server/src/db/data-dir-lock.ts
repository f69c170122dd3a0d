import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Who takes a lock: this process, or in the tests a stand-in for another one. */
export type LockTaker = {
  pid: number;
  isAlive: (pid: number) => boolean;
  /** Called once the holder is judged gone, before the takeover; the tests run a rival starter here. */
  onStale?: () => void;
};

/** A lock file younger than this that holds no pid is another starter's (an older version's) being written. */
export const UNREADABLE_GRACE_MS = 10_000;

/**
 * Takes an exclusive lock on DATA_DIR for the life of the process: a lock file holding our pid. A lock
 * left by a process that is gone is taken over at once; a live holder makes us refuse to start.
 */
export function lockDataDir(dataDir: string): () => Promise<void> {
  return lockFile(path.join(dataDir, 'brokerdesk.lock'), { pid: process.pid, isAlive });
}

/**
 * The lock behind lockDataDir, free of both races of a plain "create, else read, judge, delete":
 * - a lock file is only ever made whole: its text is written to a file of our own, then linked (new
 *   lock) or renamed (takeover) into place, so a reader never sees a half-written one;
 * - a takeover is itself a lock, `<lock>.<what it replaces>`, created exclusively and then the lock is
 *   re-read; so of two starters that both judged the same holder gone, one replaces it and the other
 *   then finds the winner, alive. A taker killed half way leaves its claim, which is taken over the
 *   same way (`<lock>.<dead>.<dead taker>`).
 */
export function lockFile(file: string, taker: LockTaker): () => Promise<void> {
  const dataDir = path.dirname(file);
  const me = String(taker.pid);
  for (let attempt = 0; attempt < 3; attempt++) {
    if (createWhole(file, me)) return releaser(file, me);
    const seen = readText(file);
    if (seen === null) continue; // released between our two steps: create again
    const holder = holderOf(file, seen, taker);
    if (holder !== null) throw inUse(dataDir, holder);
    taker.onStale?.();
    if (takeOver(file, seen, taker)) return releaser(file, me);
  }
  throw new Error(`Could not lock DATA_DIR ${dataDir}.`);
}

/**
 * Replaces `file`, last seen holding `seen` (a dead holder), with our pid. False when another taker
 * got there first: the caller reads the lock again.
 */
function takeOver(file: string, seen: string, taker: LockTaker): boolean {
  const claim = `${file}.${/^\d+$/.test(seen) ? seen : 'unreadable'}`;
  const me = String(taker.pid);
  if (!createWhole(claim, me)) {
    const claimSeen = readText(claim);
    if (claimSeen === null) return false; // that taker finished: the lock is its now
    const claimer = holderOf(claim, claimSeen, taker);
    // A live taker is about to hold the DATA_DIR.
    if (claimer !== null) throw inUse(path.dirname(file), claimer);
    if (!takeOver(claim, claimSeen, taker)) return false;
  }
  try {
    if (readText(file) !== seen) return false;
    replaceWhole(file, me);
    return true;
  } finally {
    fs.rmSync(claim, { force: true });
  }
}

/** The live process holding a lock whose text is `text`, or null when nobody does. */
function holderOf(file: string, text: string, taker: LockTaker): number | null {
  const pid = /^\d+$/.test(text) ? Number(text) : 0;
  if (pid > 0) return pid !== taker.pid && taker.isAlive(pid) ? pid : null;
  // Not a pid: left by a starter killed while writing it (older versions wrote in place), or still
  // being written by one. Only an old one is garbage.
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (stat && Date.now() - stat.mtimeMs < UNREADABLE_GRACE_MS) {
    throw new Error(`DATA_DIR ${path.dirname(file)} is being locked by another process; try again.`);
  }
  return null;
}

function releaser(file: string, me: string): () => Promise<void> {
  return async () => {
    try {
      if (fs.readFileSync(file, 'utf8') === me) fs.unlinkSync(file);
    } catch {
      // already gone
    }
  };
}

/** Creates `file` holding `text`, whole, unless it exists. */
function createWhole(file: string, text: string): boolean {
  const temp = writeTemp(file, text);
  try {
    fs.linkSync(temp, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

function replaceWhole(file: string, text: string): void {
  fs.renameSync(writeTemp(file, text), file);
}

function writeTemp(file: string, text: string): string {
  const temp = `${file}.tmp-${crypto.randomBytes(6).toString('hex')}`;
  fs.writeFileSync(temp, text, { flag: 'wx' });
  return temp;
}

function readText(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

function inUse(dataDir: string, holder: number): Error {
  return new Error(
    `DATA_DIR ${dataDir} is in use by process ${holder}. The embedded database allows one server per folder; ` +
      'stop the other server or set DATA_DIR (or DATABASE_URL) to something else.',
  );
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
