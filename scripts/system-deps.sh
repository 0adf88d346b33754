#!/usr/bin/env bash
# Installs the Debian packages the product (run) or the test suite (test) needs, when missing.
# As root on Debian/Ubuntu it uses apt-get; elsewhere it prints what to install and carries on
# (the product falls back to what is available).
set -euo pipefail
mode="${1:-run}"
run_pkgs=(ffmpeg espeak-ng festival festvox-us-slt-hts flite pocketsphinx pocketsphinx-en-us)
test_pkgs=("${run_pkgs[@]}" pocketsphinx-testdata chromium fonts-dejavu-core)
if [ "$mode" = test ]; then pkgs=("${test_pkgs[@]}"); else pkgs=("${run_pkgs[@]}"); fi

missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "[setup] installing Debian packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  echo "[setup] missing system packages: ${missing[*]}"
  echo "[setup] install them with: sudo apt-get install ${missing[*]} (or your system's equivalent)"
  [ "$mode" = test ] && { echo "[setup] the test suite needs them; stopping."; exit 1; }
fi
