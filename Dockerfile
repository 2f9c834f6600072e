# syntax=docker/dockerfile:1
# One image for every target (docs/architecture.md#modes). Its command picks what a container runs:
#   docker run lifequest                                   # everything in one process (embedded parts)
#   docker run lifequest app/src/main.ts --target quests   # one target of the distributed mode
#   docker run lifequest app/src/migrate.ts                # every service's migrations, then exit
# Every step must succeed: a failing command fails the build (no `|| true`, pipes fail on any part).

FROM node:24-bookworm-slim AS build
SHELL ["/bin/bash", "-euo", "pipefail", "-c"]
WORKDIR /app
COPY . .
# `npm install`, not `npm ci`: lockfiles that omit other platforms' optional packages make `npm ci` fail
# (docs/architecture.md#data-ownership). Dev dependencies are needed here to generate and build; they are pruned below.
RUN npm install --no-audit --no-fund
# The Prisma clients. Generating needs no schema engine, but the CLI insists on a path to one, so it
# gets node itself (as scripts/bootstrap.mjs does); migrations are plain SQL files applied at run time.
RUN for schema in services/*/prisma/schema.prisma; do \
      (cd "${schema%/prisma/schema.prisma}" && \
        PRISMA_SCHEMA_ENGINE_BINARY="$(command -v node)" PRISMA_HIDE_UPDATE_MESSAGE=1 \
        node /app/node_modules/prisma/build/index.js generate); \
    done
# The web app the gateway serves (web/dist).
RUN cd web && node ../node_modules/vite/bin/vite.js build --logLevel warn && test -f dist/index.html
# Production dependencies only from here on. --legacy-peer-deps: optional peers that nothing depends on
# go too, such as the Prisma CLI, which only generated the clients. The web app stays as a package (the
# gateway reads where its build is) but its sources do not.
RUN npm prune --omit=dev --legacy-peer-deps --no-audit --no-fund && rm -rf web/src web/public

FROM node:24-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 LIFEQUEST_DATA_DIR=/app/.lifequest
WORKDIR /app
# The code stays owned by root and read-only to the app; only the data dir (embedded mode, and the
# admin password file when ADMIN_PASSWORD is unset) belongs to the unprivileged user.
COPY --from=build /app /app
RUN mkdir -p /app/.lifequest && chown 1000:1000 /app/.lifequest
# Numeric, so Kubernetes' runAsNonRoot can verify it (the image's `node` user is 1000).
USER 1000:1000
EXPOSE 8080 8081 8082 8083 8084 8085 8086
ENTRYPOINT ["node"]
CMD ["app/src/main.ts", "--target", "all"]
