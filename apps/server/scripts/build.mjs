// `npm run build -w @brokerdesk/server`: the server as plain JavaScript in apps/server/dist, which
// `node apps/server/dist/main.js` runs without any TypeScript loader (npm run start:prod).
// - The contract is compiled into dist/node_modules/@brokerdesk/contract: Node looks for a package in
//   the nearest node_modules first, so the compiled server finds compiled JS there, while the workspace's
//   own @brokerdesk/contract (TypeScript sources) stays what tsx, Vite and the tests use.
// - The SQL migrations are copied next to the compiled db/client.js, where it looks for them.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(server, '../..');
const dist = path.join(server, 'dist');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const compile = (project) =>
  execFileSync(process.execPath, [tsc, '-p', project], { cwd: root, stdio: 'inherit' });

fs.rmSync(dist, { recursive: true, force: true });
compile('packages/contract/tsconfig.build.json');
const contract = path.join(dist, 'node_modules/@brokerdesk/contract');
fs.writeFileSync(
  path.join(contract, 'package.json'),
  JSON.stringify(
    {
      name: '@brokerdesk/contract',
      private: true,
      type: 'module',
      exports: { '.': { types: './index.d.ts', default: './index.js' } },
    },
    null,
    2,
  ) + '\n',
);
compile('apps/server/tsconfig.build.json');
fs.cpSync(path.join(server, 'src/db/migrations'), path.join(dist, 'db/migrations'), { recursive: true });
process.stdout.write(`server compiled to ${path.relative(root, dist)} (run it: npm run start:prod)\n`);
