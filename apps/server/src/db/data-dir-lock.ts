import fs from 'node:fs';
import path from 'node:path';

/**
 * Takes an exclusive lock on DATA_DIR by creating a lock file holding our pid. A lock left by a process
 * that is gone is taken over; a live holder makes us refuse to start.
 */
export function lockDataDir(dataDir: string): () => Promise<void> {
  const file = path.join(dataDir, 'brokerdesk.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return async () => {
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(fs.readFileSync(file, 'utf8'));
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new Error(
          `DATA_DIR ${dataDir} is in use by process ${holder}. The embedded database allows one server per folder; ` +
            'stop the other server or set DATA_DIR (or DATABASE_URL) to something else.',
        );
      }
      fs.unlinkSync(file);
    }
  }
  throw new Error(`Could not lock DATA_DIR ${dataDir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
