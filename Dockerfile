# syntax=docker/dockerfile:1
# One Dockerfile, two images: `--target api` (HTTP + Socket.IO + the built client) and `--target worker`.
# Both run the compiled JavaScript (server/dist) with plain node; neither holds TypeScript sources,
# tsx or the development simulators, and the worker image holds none of the api's code.
# `--target web` is nginx with the built client (and its precompressed copies) in front of them.

# The workspace manifests alone, so the dependency layers are cached until a manifest changes.
FROM node:20-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY core/package.json core/
COPY simulators/package.json simulators/
COPY api/package.json api/
COPY worker/package.json worker/
COPY server/package.json server/
COPY client/package.json client/
COPY tests/package.json tests/
COPY bench/package.json bench/

FROM manifests AS deps
RUN npm ci --no-audit --no-fund

# Type-checks every workspace (an image never ships code that does not compile), compiles the
# client, then one build per image: each holds only its own entry points and role.
FROM deps AS build
COPY . .
RUN npm run build \
  && node server/build.mjs --entries main-api,grant-admin,migrate --outdir out/api \
  && node server/build.mjs --entries main-worker --outdir out/worker

# Each image's runtime npm packages only (no dev tools, no simulators, no other role's packages).
FROM manifests AS api-deps
RUN npm ci --omit=dev --no-audit --no-fund -w core -w api --include-workspace-root=false

FROM manifests AS worker-deps
RUN npm ci --omit=dev --no-audit --no-fund -w core -w worker --include-workspace-root=false

FROM node:20-bookworm-slim AS runtime
# Allocations over 128 KiB (argon2 takes 19 MiB per password hash) are mapped and returned to the
# system when freed, instead of staying in glibc's heap after a burst of sign-ins. The api and worker
# run with V8's young generation capped at 8 MB a half (--max-semi-space-size=8, default 16): under
# load it otherwise grows to 48 MB per process (docs/benchmarks.md, bench:load). After each full collection the old
# generation may grow by half of what is live before the next one (--heap-growing-percent=50; V8's own
# factor reaches 4 on a machine with over 2 GB, and under a steady load the heap then grows to three
# times the live data, 265 MB for one process where 160 MB hold it; docs/benchmarks.md, bench:generate --dist).
# No heap limit is set: the factor decides when to collect, not how much may be used.
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
# server/package.json says "type": "module" for the compiled ES modules beside it.
COPY --chown=node:node server/package.json ./server/
USER node

FROM runtime AS api
COPY --from=api-deps --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/out/api ./server/dist
COPY --from=build --chown=node:node /app/client/dist ./client/dist
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:3000/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# node runs the entry itself (no npm or shell in between), so SIGTERM from `docker stop` reaches our shutdown hook.
CMD ["node", "--enable-source-maps", "--max-semi-space-size=8", "--heap-growing-percent=50", "server/dist/main-api.js"]

FROM runtime AS worker
ENV METRICS_PORT=9464
COPY --from=worker-deps --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/out/worker ./server/dist
EXPOSE 9464
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:9464/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "--enable-source-maps", "--max-semi-space-size=8", "--heap-growing-percent=50", "server/dist/main-worker.js"]

FROM nginx:1.27-alpine AS web
COPY --from=build /app/client/dist /usr/share/nginx/html
COPY docker/nginx.conf /etc/nginx/conf.d/default.conf
