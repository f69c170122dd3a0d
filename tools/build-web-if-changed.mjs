#!/usr/bin/env node
// `npm start` builds the web app only when its inputs changed since the last build: the console's
// sources, the contract it shares with the server, its config and the lockfile. The inputs' hash is kept
// beside the build (apps/web/dist/.inputs-hash); `npm run build:web` always builds.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/precompress.ts',
  'apps/web/postcss.config.cjs',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'packages/contract/src',
  'packages/contract/package.json',
  'package-lock.json',
];
const dist = path.join(root, 'apps/web/dist');
const stamp = path.join(dist, '.inputs-hash');

function files(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [entry];
  return fs
    .readdirSync(full, { recursive: true })
    .map((f) => path.join(entry, String(f)))
    .filter((f) => fs.statSync(path.join(root, f)).isFile());
}

const hash = createHash('sha256');
for (const file of INPUTS.flatMap(files).sort()) {
  hash.update(file).update('\0').update(fs.readFileSync(path.join(root, file))).update('\0');
}
const current = hash.digest('hex');
const built = fs.existsSync(stamp) && fs.existsSync(path.join(dist, 'index.html'));
if (built && fs.readFileSync(stamp, 'utf8').trim() === current) {
  process.stdout.write('Web app unchanged since its last build: not built again (npm run build:web builds it).\n');
  process.exit(0);
}
execFileSync('npm', ['run', 'build:web'], { cwd: root, stdio: 'inherit' });
fs.writeFileSync(stamp, `${current}\n`);
