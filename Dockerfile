# An Airbyte source image for one Sluice connector folder (manifest, custom components, schemas):
#
#   docker build --build-arg CONNECTOR=examples/demo -t sluice-source-demo .
#   docker run --rm sluice-source-demo spec
#   docker run --rm -v "$PWD/secrets:/secrets" sluice-source-demo check --config /secrets/config.json
#
# The folder must lie inside the build context (this repository); for a connector folder anywhere else,
# `sluice image DIR` builds with deploy/connector.Dockerfile. See docs/deploy.md.
ARG NODE_IMAGE=node:20.18-bookworm-slim

# Build: compile Sluice to JavaScript, then keep only the runtime dependencies.
FROM ${NODE_IMAGE} AS build
WORKDIR /build
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
# build.mjs and the modules it imports (bundle-library.mjs, build-builder-ui.mjs); test/deploy checks the list against its imports.
COPY scripts/build.mjs scripts/bundle-library.mjs scripts/build-builder-ui.mjs scripts/
COPY pure pure
COPY sdk sdk
COPY python python
COPY templates templates
COPY oauth-consent oauth-consent
COPY core core
COPY plugins plugins
COPY builder-ui builder-ui
# npm keeps typescript after the prune (cosmiconfig names it as an optional peer); Sluice loads TypeScript
# config files and components through tsx, so those 23 MB go.
RUN node scripts/build.mjs && npm prune --omit=dev --no-audit --no-fund && rm -rf node_modules/typescript

# Run: Sluice, its runtime dependencies and the connector folder; the entrypoint is the `sluice` CLI.
FROM ${NODE_IMAGE}
ARG CONNECTOR
ARG CONNECTOR_IMAGE_NAME=sluice/source-connector
ARG CONNECTOR_VERSION=0.1.0
RUN test -n "${CONNECTOR}" || { echo "missing --build-arg CONNECTOR=<connector folder>, e.g. examples/demo" >&2; exit 1; }
ENV NODE_ENV=production
WORKDIR /airbyte/sluice
COPY package.json LICENSE ./
COPY bin bin
COPY --from=build /build/dist dist
COPY --from=build /build/node_modules node_modules
COPY python-kit python-kit
# A connector with Python components: --build-arg PYTHON_PACKAGES="python3 python3-requests ..." (what
# `sluice image` passes for a folder with a components.py); other images get no Python.
ARG PYTHON_PACKAGES=""
RUN if [ -n "${PYTHON_PACKAGES}" ]; then apt-get update && apt-get install -y --no-install-recommends ${PYTHON_PACKAGES} && rm -rf /var/lib/apt/lists/*; fi
RUN ln -s /airbyte/sluice/bin/sluice.js /usr/local/bin/sluice
COPY ${CONNECTOR} /airbyte/connector
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
      org.opencontainers.image.description="Airbyte source: Sluice running the declarative connector in ${CONNECTOR}" \
      org.opencontainers.image.licenses="MIT"
