#!/usr/bin/env bash
# The API tests in two runs. The `server` project shares one module cache per worker (--no-isolate): the
# server is imported once per worker instead of once per file, about a quarter off the run (measured,
# docs/decisions.md "CI time"). The few files that mock modules or spy on globals are the
# `server-isolated` project, each with its own cache. Arguments (files, --exclude …) go to both runs.
set -euo pipefail
cd "$(dirname "$0")/../.."
npx vitest run --project server --no-isolate --passWithNoTests "$@"
npx vitest run --project server-isolated --passWithNoTests "$@"
