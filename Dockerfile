# The Webmail Info API service alone (server/), as docs/self-hosting.md says to run it. Our tests run no
# container engine: test/server/container-recipe.test.ts holds its install, its files and its start to what
# the production-install test runs (test/server/production-commands.ts), and runs the health check.

# Node's images ship npm, and the full one the compilers better-sqlite3 needs where no prebuilt binary fits.
ARG NODE_VERSION=22

FROM node:${NODE_VERSION}-bookworm AS install
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --prefer-offline --no-audit --no-fund

FROM node:${NODE_VERSION}-bookworm-slim
WORKDIR /app
COPY --from=install /app/node_modules ./node_modules
COPY package.json package-lock.json ./
COPY server ./server
COPY lib ./lib
COPY docs/openapi.yaml ./docs/openapi.yaml
# The code stays root's; the service runs as the image's unprivileged user, whose folder holds a SQLite
# database (mount a volume there to keep it; with DATABASE_URL, PostgreSQL is used instead).
USER node
RUN mkdir /home/node/data
ENV HOST=0.0.0.0 PORT=8787 DATABASE_PATH=/home/node/data/webmail-lookup.db
EXPOSE 8787
# Node's images have no curl: node asks /readyz itself.
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/readyz`, { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node is PID 1 and gets SIGTERM itself (server/main.ts drains, then exits); no shell or npm between.
CMD ["node", "--import", "tsx", "server/main.ts"]
