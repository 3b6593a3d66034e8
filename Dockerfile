# Piel: the shop's server and its built web app in one image (docs/deploy.md).
# No container engine was available where this file was written: it has not been built. Its steps
# are the repository's own: `npm ci`, `npm run build`, then the production dependencies only.
#
#   docker build -t piel .
#   docker run -d -p 3000:3000 -v piel-data:/var/lib/piel --env-file deploy/piel.env piel
#
# The same image runs the analysis processes: `node --enable-source-maps apps/server/dist/analysis.js`.

ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS base
WORKDIR /app
ENV NPM_CONFIG_AUDIT=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_UPDATE_NOTIFIER=false
# The workspaces' manifests first, so the installs are cached until a manifest or the lockfile changes.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/assistant/package.json packages/assistant/
COPY packages/contracts/package.json packages/contracts/
COPY packages/skin/package.json packages/skin/
COPY packages/wompi-double/package.json packages/wompi-double/

# Build: every dependency (the build tools are dev dependencies), then `npm run build`
# (apps/web/dist, apps/web/dist-ssr, apps/server/dist). npm 11 runs no dependency install scripts
# that were not approved; the build and the server need none of them.
FROM base AS build
RUN npm ci
COPY . .
RUN npm run build

# Runtime: production dependencies only. Not just apps/server's: the server bundle leaves the
# packages of apps/server's `dependencies` external, the server renderer (apps/web/dist-ssr) imports
# apps/web's (react, react-router, …), and the workspace packages bring theirs (@tensorflow/tfjs-core).
FROM base AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/var/lib/piel
RUN npm ci --omit=dev && npm cache clean --force
# pg_dump for the backups on PostgreSQL (docs/deploy.md): of the server's major version or newer, from
# the PostgreSQL project's apt repository (Debian bookworm's own client is 15). Match PG_CLIENT_MAJOR to
# the database (deploy/compose.yaml runs 17).
ARG PG_CLIENT_MAJOR=17
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-common ca-certificates \
  && /usr/share/postgresql-common/pgdg/apt.postgresql.org.sh -y \
  && apt-get install -y --no-install-recommends postgresql-client-${PG_CLIENT_MAJOR} \
  && rm -rf /var/lib/apt/lists/*
# What the server reads at run time: its bundle, the SQL migrations (../drizzle from dist/), the
# built web app (WEB_DIST_DIR defaults to ../../web/dist from dist/) and its server renderer. The
# face models and tfjs wasm files are read from node_modules; the demo pictures, drawn by the build, are
# in dist/demo-pictures.
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/dist-ssr apps/web/dist-ssr
# DATA_DIR must be the shop's own, 0700 (the server refuses to start otherwise). With PostgreSQL it
# holds almost nothing; with the embedded PGlite it holds the database and the face photos.
RUN mkdir -p /var/lib/piel && chown node:node /var/lib/piel && chmod 0700 /var/lib/piel
VOLUME ["/var/lib/piel"]
# The code stays root's and read-only to the server.
USER node
EXPOSE 3000
# /healthz answers while the process runs, whatever Host the request names; slim images have no curl.
HEALTHCHECK --interval=30s --timeout=5s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
