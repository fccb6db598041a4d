# syntax=docker/dockerfile:1
# Wrenchly: one image, one process serving the API and the client (README, 'Running in production').
#   docker build -t wrenchly .
# Stages: deps (every dependency) -> build (dist/client, dist/ssr, dist/server) -> prod-deps
# (production dependencies only, installed in a clean stage) -> runtime.

ARG NODE_VERSION=24

FROM node:${NODE_VERSION}-bookworm-slim AS base
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false

# Every dependency: the build needs the dev ones (Vite, esbuild, tsx, Tailwind).
FROM base AS deps
COPY package.json package-lock.json ./
RUN npm ci

FROM deps AS build
COPY . .
# The release error reports name (wrenchly@<version>+<commit>): the context has no .git, so the
# commit comes as an argument, docker build --build-arg GIT_COMMIT=$(git rev-parse HEAD) (compose
# passes GIT_COMMIT from its environment). Without it the release is the bare version.
ARG GIT_COMMIT=
RUN npm run build

# Production dependencies only, from the lockfile, without anything the build left behind.
FROM base AS prod-deps
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force

FROM base AS runtime
# pg_dump and pg_restore for the backup service (docs/operations.md, 'Backups and restore'). They
# must be the server's major version or newer, and Debian 12 ships 15: PostgreSQL's own apt
# repository has every version (its key comes with postgresql-common). Keep PG_CLIENT_VERSION at
# least the compose file's postgres image.
ARG PG_CLIENT_VERSION=16
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates postgresql-common \
 && /usr/share/postgresql-common/pgdg/apt.postgresql.org.sh -y \
 && apt-get install -y --no-install-recommends postgresql-client-${PG_CLIENT_VERSION} \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=5000 \
    DATA_DIR=/app/data
# What dist/server/main.js reads at run time (src/server/infra/paths.ts): package.json marks the
# project root; the SQL migrations are applied at start from src/server/db/migrations; the
# client (dist/client, with .vite/manifest.json) and the public pages' server entry (dist/ssr)
# are served from dist/. Everything stays owned by root: the app only writes to DATA_DIR
# (uploaded documents when S3 is not configured), the backup service to /backups.
COPY package.json ./
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY src/server/db/migrations ./src/server/db/migrations
# The backup service's nightly loop (deploy/compose.yaml).
COPY deploy/backup.sh ./deploy/backup.sh
# The commit, for `docker inspect` (OCI's revision label); the release itself is in the build.
ARG GIT_COMMIT=
LABEL org.opencontainers.image.revision=$GIT_COMMIT
# /backups: a new volume mounted there starts owned by node, so the backup service can write it.
RUN mkdir -p /app/data /backups && chown node:node /app/data /backups
USER node
EXPOSE 5000
# The slim image has no curl: node's own fetch asks the readiness endpoint (database reachable,
# migrations applied, index loaded); 200 is healthy, anything else (503) or no answer is not.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||5000)+'/api/health/ready',{signal:AbortSignal.timeout(4000)}).then(r=>process.exit(r.status===200?0:1),()=>process.exit(1))"]
# Exec form: node is the process that receives SIGTERM and shuts down gracefully.
CMD ["node", "dist/server/main.js"]
