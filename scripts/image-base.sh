#!/usr/bin/env bash
# Makes the base image the image tests build on: Debian bookworm from debootstrap, this machine's Node and
# npm, its CA bundle (npm ci inside the build reaches the registry through it) and a `node` user with uid
# 1000, which is what the official node:20-bookworm-slim image provides and no registry of base images is
# reachable here. Cached: podman keeps the image, and the debootstrap tree is kept under
# /var/cache/sluice-image, so a machine pays for debootstrap once.
#
#   bash scripts/image-base.sh        # prints the image's name, e.g. localhost/sluice-node-base:v20.20.2
set -euo pipefail
node_version=$(node --version)
image="localhost/sluice-node-base:${node_version}"
if podman image exists "$image"; then echo "$image"; exit 0; fi

cache=/var/cache/sluice-image
rootfs="$cache/rootfs-bookworm"
mkdir -p "$cache"
if [ ! -x "$rootfs/bin/sh" ]; then
  echo "image-base: debootstrap bookworm into $rootfs (once per machine, about 2-3 minutes)" >&2
  rm -rf "$rootfs.partial"
  debootstrap --variant=minbase --include=ca-certificates bookworm "$rootfs.partial" http://deb.debian.org/debian >"$cache/debootstrap.log" 2>&1 \
    || { tail -20 "$cache/debootstrap.log" >&2; exit 1; }
  mv "$rootfs.partial" "$rootfs"
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -a "$rootfs" "$work/rootfs"
r="$work/rootfs"
node_bin=$(command -v node)
npm_dir=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
install -m 0755 "$node_bin" "$r/usr/local/bin/node"
mkdir -p "$r/usr/local/lib/node_modules"
cp -a "$npm_dir" "$r/usr/local/lib/node_modules/npm"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$r/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$r/usr/local/bin/npx"
cp /etc/ssl/certs/ca-certificates.crt "$r/etc/ssl/certs/ca-certificates.crt"
chroot "$r" sh -c 'groupadd -g 1000 node && useradd -u 1000 -g node -m -s /bin/sh node && node --version >/dev/null && npm --version >/dev/null'
tar -C "$r" -c . | podman import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
  --change 'CMD ["node"]' - "$image" >/dev/null
echo "$image"
