#!/usr/bin/env bash
# The OpenAPI document that /api/docs serves is usable by standard tools: Redocly's recommended rules
# (redocly.yaml) find no error, and openapi-typescript's types of it type-check a small client.
set -euo pipefail
cd "$(dirname "$0")/../.."
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

node --import tsx tools/openapi/write-document.ts "$tmp/openapi.json"
# stderr holds only Redocly's notice about Node 20's end of life.
npx redocly lint "$tmp/openapi.json" --config redocly.yaml --format summary 2>/dev/null
npx openapi-typescript "$tmp/openapi.json" --output "$tmp/openapi.d.ts"
# A small client of the generated types: calls are named by operationId, errors have their shape.
cat >"$tmp/client.ts" <<'TS'
import type { components, operations, paths } from './openapi';

type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type Approve = operations['processDeposit'];
const body: JsonOf<Approve['requestBody']> = { depositId: '0123456789abcdef01234567' };
const reply: JsonOf<Approve['responses'][200]> = { success: true };
const conflict: JsonOf<Approve['responses'][409]> = { errors: { server: 'Already decided.' } };
const shape: components['schemas']['Errors'] = conflict;
const signIn: JsonOf<operations['loginAdmin']['responses'][429]> = shape;
const byPath: paths['/api/admin/accounts/adminProcessDeposit']['post'] = {} as Approve;
// @ts-expect-error: the deposit's id is a string
const wrong: JsonOf<Approve['requestBody']> = { depositId: 1 };
// @ts-expect-error: no call has this name
type Missing = operations['noSuchCall'];
export type Used = [typeof body, typeof reply, typeof signIn, typeof byPath, typeof wrong, Missing];
TS
cat >"$tmp/tsconfig.json" <<'JSON'
{
  "compilerOptions": {
    "strict": true,
    "noEmit": true,
    "target": "ES2022",
    "module": "ESNext",
    "moduleResolution": "Bundler",
    "skipLibCheck": true,
    "types": []
  },
  "files": ["client.ts"]
}
JSON
npx tsc -p "$tmp/tsconfig.json"
echo "OpenAPI document: no Redocly error; its generated types check."
