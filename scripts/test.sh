#!/usr/bin/env bash
# npm test: the whole suite on a fresh machine. Installs Debian packages (ffmpeg, espeak-ng,
# pocketsphinx, chromium) with apt-get when run as root, node modules, builds, then runs
# the format check, lint, typecheck, unit/service/API tests and the browser journeys.
set -euo pipefail
cd "$(dirname "$0")/.."
export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1 CI="${CI:-1}"
# The journeys drive Debian's Chromium (/usr/bin/chromium); Playwright never downloads a browser.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
bash scripts/system-deps.sh test
bash scripts/pnpm.sh install --frozen-lockfile
bash scripts/pnpm.sh exec prettier --check . --log-level warn
bash scripts/pnpm.sh exec turbo run lint typecheck build --output-logs=errors-only
# Three tiers, fastest first: pure unit tests (no PostgreSQL, no ffmpeg), then service, job, API and
# real-tool tests, then the browser journeys (Playwright's runner with Debian's Chromium).
bash scripts/pnpm.sh exec turbo run test:unit --concurrency=1 --output-logs=new-only
bash scripts/pnpm.sh exec turbo run test:integration --concurrency=1 --output-logs=new-only
bash scripts/pnpm.sh exec turbo run test:e2e --concurrency=1 --output-logs=new-only
