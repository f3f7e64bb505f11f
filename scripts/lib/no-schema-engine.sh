#!/bin/sh
# Stands in for Prisma's native schema engine, which cannot be downloaded here. `prisma generate` never runs it.
echo "Prisma's native schema engine is not used in Tocsin: apply migrations with 'npm run migrate' (docs/architecture.md)." >&2
exit 1
