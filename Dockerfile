# syntax=docker/dockerfile:1
# One image for the API (default command), the Temporal worker and the migrations:
#   docker run IMAGE                                         -> API on $PORT (3000)
#   docker run IMAGE node .build/image/worker/main.js        -> worker
#   docker run IMAGE node --import tsx infra/db/migrate.main.ts
# The worker and the API run compiled (infra/build/program-build.ts: the tsx loader and its source
# maps cost each process 50-60 MB); one-shot programs (migrations, CLI) run through tsx.

FROM node:24.21.0-bookworm-slim AS dependencies
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --no-audit --no-fund --loglevel=error

# The screening matcher's nickname table: names.csv of the PyPI `nicknames` package at the version
# pinned in infra/tools/versions.sh (the local stack installs the same one; see tool-paths.ts).
FROM python:3.12.8-slim-bookworm AS nicknames
COPY infra/tools/versions.sh /tmp/versions.sh
RUN . /tmp/versions.sh \
 && pip install --quiet --no-cache-dir --disable-pip-version-check --target /opt/nicknames "nicknames==${NICKNAMES_VERSION}" \
 && cp /opt/nicknames/nicknames/names.csv /opt/nicknames.csv

FROM node:24.21.0-bookworm-slim
# OCR and PDF rasterisation for identity documents.
RUN apt-get update \
 && apt-get install -y --no-install-recommends tesseract-ocr tesseract-ocr-eng tesseract-ocr-deu tesseract-ocr-fra tesseract-ocr-spa poppler-utils qpdf imagemagick fonts-ocr-b fonts-noto-mono fonts-inconsolata fonts-go fonts-urw-base35 fonts-anonymous-pro ca-certificates \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 UV_THREADPOOL_SIZE=16
WORKDIR /app
COPY --from=dependencies /app/node_modules ./node_modules
COPY package.json tsconfig.json ./
COPY api ./api
COPY activities ./activities
COPY workflows ./workflows
COPY worker ./worker
COPY infra ./infra
COPY cli ./cli
RUN node --import tsx infra/build/program-build.main.ts --out .build/image
# Where toolPaths().nicknamesCsv looks (toolsDir = /app/.tools).
COPY --from=nicknames /opt/nicknames.csv ./.tools/data/nicknames.csv
# The image's unprivileged `node` user (uid 1000) runs every process.
USER node
# The glyph models of the identity document reader (OCR-B, and other monospaced typefaces), built
# into the node user's cache (~/.cache/clearwatch), so the worker does not build them on its first document.
RUN node --import tsx activities/identity/documents/processing/mrz-vision/build-ocr-b-glyph-model.main.ts > /dev/null
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--max-semi-space-size=8", "--heap-growing-percent=20", ".build/image/api/main.js"]
