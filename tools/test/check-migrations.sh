#!/usr/bin/env bash
# The committed migrations follow db/schema/*.ts: drizzle-kit generate on a clean tree must find nothing to
# write. A schema change made without its migration (or a snapshot left behind) fails here, so the next
# `npm run db:generate` never re-creates tables that exist.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=$(cd apps/server && npx drizzle-kit generate 2>&1) || { echo "$out"; echo "db:generate failed (a schema change needs its migration)"; exit 1; }
changed=$(git status --porcelain -- apps/server/src/db/migrations)
if [ -n "$changed" ]; then
  echo "$out"
  echo "db:generate wrote a migration: db/schema/*.ts and the committed migrations disagree:"
  echo "$changed"
  echo "(make the schema change with its migration: npm run db:generate, then commit both)"
  exit 1
fi
echo "db:generate: no schema changes (migrations follow db/schema/*.ts)"
