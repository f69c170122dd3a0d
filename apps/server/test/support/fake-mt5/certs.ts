import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'tls');

/** The fake server's test certificate, and the path of the CA that signed it (see tls/README.md). */
export const testTls = {
  key: fs.readFileSync(path.join(dir, 'server-key.pem'), 'utf8'),
  cert: fs.readFileSync(path.join(dir, 'server.pem'), 'utf8'),
  caPath: path.join(dir, 'ca.pem'),
};
