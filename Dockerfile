# syntax=docker/dockerfile:1
# One image, two roles: `--target api` (HTTP + Socket.IO + the built client) and `--target worker`.

# The workspace manifests alone, so the dependency layers are cached until a manifest changes.
FROM node:20-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY core/package.json core/
COPY simulators/package.json simulators/
COPY api/package.json api/
COPY worker/package.json worker/
COPY client/package.json client/
COPY tests/package.json tests/
COPY bench/package.json bench/

FROM manifests AS deps
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build -w client

FROM manifests AS prod-deps
RUN npm ci --omit=dev --no-audit --no-fund -w core -w api -w worker --include-workspace-root=false

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=prod-deps --chown=node:node /app/node_modules ./node_modules
COPY --chown=node:node package.json ./
COPY --chown=node:node core ./core
COPY --chown=node:node api ./api
COPY --chown=node:node worker ./worker
USER node

FROM runtime AS api
COPY --from=build --chown=node:node /app/client/dist ./client/dist
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:3000/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# node runs the entry itself (tsx as its loader), so SIGTERM from `docker stop` reaches our shutdown hook.
CMD ["node", "--import", "tsx", "api/src/main-api.ts"]

FROM runtime AS worker
ENV METRICS_PORT=9464
EXPOSE 9464
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:9464/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "--import", "tsx", "worker/src/main.ts"]
