#!/usr/bin/env bash
# npm start: installs everything, builds, then runs PostgreSQL (embedded unless DATABASE_URL is set),
# migrations, the server on PORT (default 3000) and the worker, until Ctrl-C.
set -euo pipefail
cd "$(dirname "$0")/.."
export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1
# Playwright (a dev dependency of the web app) never downloads a browser: the journeys use Debian's Chromium.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
bash scripts/system-deps.sh run
bash scripts/pnpm.sh install --frozen-lockfile
bash scripts/pnpm.sh run build
# Node 24 comes from the `node` package on the npm registry; exec it directly so signals reach the launcher.
exec "$(readlink -f node_modules/node/bin/node)" --env-file-if-exists=.env apps/server/src/launch.ts
