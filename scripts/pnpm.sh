#!/usr/bin/env bash
# Runs the pinned pnpm through npx, so a machine with only Node and npm needs nothing else.
set -euo pipefail
version=$(node -p "require('./package.json').packageManager.split('@')[1]")
exec npx --yes "pnpm@${version}" "$@"
