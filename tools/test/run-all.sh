#!/usr/bin/env bash
# Every check, in the order that fails fastest: types, lint, migrations, the OpenAPI document, web unit
# tests, the build (server and web), API tests on PGlite, browser tests on PGlite, then on PostgreSQL (a
# throwaway cluster unless TEST_DATABASE_URL is set) the API tests, with the suites that move money and
# accounts going through the real MT5 Web API client and its protocol fake there (the simulator covers them
# on PGlite). The browser tests run once, on PGlite, to keep the run near its 20-minute budget: the server
# logic they drive is covered on PostgreSQL by the API tests and by real server processes in test/scale.
# Needs PostgreSQL's server binaries and /usr/bin/chromium (see README).
set -euo pipefail
cd "$(dirname "$0")/../.."

# Each step's heading carries the time since the start, so a slow step shows in the CI log.
step() { printf '\n=== %s (at %ds) ===\n' "$*" "$SECONDS"; }

step typecheck;                 npm run --silent typecheck
step lint;                      npm run --silent lint
step "migrations follow the schema"; bash tools/test/check-migrations.sh
step "the OpenAPI document";     bash tools/test/openapi-check.sh
step "unit tests of the web app"; npx vitest run --project web
# The build first: the API tests start the compiled server with plain node (test/production).
step "build (server and web)";  npm run --silent build
step "API tests on PGlite";     bash tools/test/api-tests.sh
step "browser tests on PGlite"; npx playwright test
# The suites that move money and accounts run on PGlite against the simulator (above) and on PostgreSQL
# through the real MT5 Web API client and its protocol fake: each database and each platform once.
MT5_SUITES=(apps/server/test/funding apps/server/test/accounts apps/server/test/system apps/server/test/approvals apps/server/test/reconciliation)
step "API tests on PostgreSQL (the platform suites through the MT5 Web API fake)"
EXCLUDED="$(printf '%s/**,' "${MT5_SUITES[@]}")" bash tools/test/with-postgres.sh bash -c \
  'TEST_PLATFORM=mt5 npx vitest run --project server --no-isolate "$@" && TEST_EXCLUDE="$EXCLUDED" bash tools/test/api-tests.sh' _ "${MT5_SUITES[@]}"
step "all checks passed"
