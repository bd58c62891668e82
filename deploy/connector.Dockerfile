# An Airbyte source image for a connector folder that lives anywhere (its own repository, say), built from
# an installed Sluice or a packed tarball. `sluice image DIR` stages the build context and runs this file:
#
#   context/
#     sluice/      the Sluice package: package.json (and package-lock.json when it has one), bin/, dist/, python-kit/, LICENSE
#     connector/   the connector folder, without secrets/, .env files, lock files, node_modules or .git
#
#   sluice image ./my-connector --name acme/source-things --version 1.0.0 [--engine podman]
#
# The runtime stage matches the repository's Dockerfile line for line (test/deploy/ checks it), so an image
# built either way behaves the same on the platform. See docs/deploy.md.
ARG NODE_IMAGE=node:20.18-bookworm-slim

# Runtime dependencies only, from the package's lock file when it ships one; not typescript, which npm may
# keep as cosmiconfig's optional peer (Sluice loads TypeScript through tsx).
FROM ${NODE_IMAGE} AS dependencies
WORKDIR /airbyte/sluice
COPY sluice/package*.json ./
RUN if [ -f package-lock.json ]; then npm ci --omit=dev --ignore-scripts --no-audit --no-fund; \
    else npm install --omit=dev --ignore-scripts --no-audit --no-fund --no-package-lock; fi; \
    rm -rf node_modules/typescript

# Run: Sluice, its runtime dependencies and the connector folder; the entrypoint is the `sluice` CLI.
FROM ${NODE_IMAGE}
ARG CONNECTOR_IMAGE_NAME=sluice/source-connector
ARG CONNECTOR_VERSION=0.1.0
ENV NODE_ENV=production
WORKDIR /airbyte/sluice
COPY sluice/package.json sluice/LICENSE ./
COPY sluice/bin bin
COPY sluice/dist dist
COPY --from=dependencies /airbyte/sluice/node_modules node_modules
COPY sluice/python-kit python-kit
# A connector with Python components (a components.py): `sluice image` passes the Debian packages of a
# Python and the modules the kit's connectors import; other images get no Python.
ARG PYTHON_PACKAGES=""
RUN if [ -n "${PYTHON_PACKAGES}" ]; then apt-get update && apt-get install -y --no-install-recommends ${PYTHON_PACKAGES} && rm -rf /var/lib/apt/lists/*; fi
RUN ln -s /airbyte/sluice/bin/sluice.js /usr/local/bin/sluice
COPY connector /airbyte/connector
WORKDIR /airbyte/connector
# SLUICE_MANIFEST: where `sluice` finds the connector, whatever folder the platform starts it in.
# AIRBYTE_ENTRYPOINT: the platform runs `eval "$AIRBYTE_ENTRYPOINT read --config ... --catalog ..."`;
# Sluice also reads it as "run by the platform": logs become LOG messages on stdout.
ENV SLUICE_MANIFEST=/airbyte/connector
ENV AIRBYTE_ENTRYPOINT="sluice"
USER node
ENTRYPOINT ["sluice"]
LABEL io.airbyte.name="${CONNECTOR_IMAGE_NAME}" \
      io.airbyte.version="${CONNECTOR_VERSION}" \
      org.opencontainers.image.description="Airbyte source: Sluice running a declarative connector" \
      org.opencontainers.image.licenses="MIT"
