#!/usr/bin/env bash
# The Airbyte image, built and run for real: builds the repository's Dockerfile with podman (no daemon:
# --isolation=chroot) on a debootstrap base (scripts/image-base.sh), runs spec, check, discover and read
# inside it with the platform's command shapes, and builds a connector folder outside the repository with
# `sluice image --engine podman`, and one whose kit-style components.py runs in the image's Python
# (test/image/python-connector-image.test.ts). Installs podman, runc and debootstrap from Debian when missing; never skips.
# About 4 minutes the first time on a machine (debootstrap), 1-2 minutes after.
set -euo pipefail
cd "$(dirname "$0")/.."
missing=()
for tool in podman runc debootstrap; do command -v "$tool" >/dev/null || missing+=("$tool"); done
if [ ${#missing[@]} -gt 0 ]; then
  echo "test-image: installing ${missing[*]} from Debian" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o DPkg::Lock::Timeout=600 podman runc debootstrap >/dev/null
fi
SLUICE_TEST_NODE_IMAGE=$(bash scripts/image-base.sh)
export SLUICE_TEST_NODE_IMAGE
node scripts/build.mjs >/dev/null
exec node --import tsx --test --test-concurrency=1 test/image/*.test.ts
