import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import * as engineModule from '@prisma/schema-engine-wasm/schema_engine_bg';

// Prisma's schema engine as WebAssembly (no native binary to download), driven through the pg driver adapter.
// Used by development tooling and the drift test only; the product applies migrations with lib/db/apply-migrations.ts.

// Postgres' internal one-byte "char" type (catalog columns) is not mapped by the adapter; it is plain text.
const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;
type ResultWithAddFields = pg.Result & { addFields(fields: unknown[]): void };
const resultPrototype = pg.Result.prototype as ResultWithAddFields;
const addFields = resultPrototype.addFields;
resultPrototype.addFields = function patchedAddFields(this: ResultWithAddFields, fieldDescriptions: unknown[]) {
  addFields.call(this, fieldDescriptions);
  for (const field of this.fields) if (field.dataTypeID === PG_CHAR_OID) field.dataTypeID = PG_TEXT_OID;
};

let initialised = false;
function loadEngine(): typeof engineModule.SchemaEngine {
  if (!initialised) {
    const require = createRequire(path.join(process.cwd(), 'package.json'));
    const wasmPath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg').replace(/\.js$/, '.wasm');
    const wasmModule = new WebAssembly.Module(fs.readFileSync(wasmPath));
    const instance = new WebAssembly.Instance(wasmModule, { './schema_engine_bg.js': engineModule as never });
    engineModule.__wbg_set_wasm(instance.exports);
    (instance.exports as { __wbindgen_start: () => void }).__wbindgen_start();
    initialised = true;
  }
  return engineModule.SchemaEngine;
}

const noFilters = { externalTables: [], externalEnums: [] };

/** SQL that takes the database at `databaseUrl` to the schema; empty when there is no drift. */
export async function diffDatabaseToSchema(databaseUrl: string, schemaPath: string): Promise<string> {
  const SchemaEngine = loadEngine();
  const schema = fs.readFileSync(schemaPath, 'utf8');
  const files = [{ path: schemaPath, content: schema }];
  const adapter = bindMigrationAwareSqlAdapterFactory(new PrismaPg({ connectionString: databaseUrl }));
  const engine = await SchemaEngine.new({ datamodels: [[schemaPath, schema]] }, () => undefined, adapter);
  try {
    const result = await engine.diff({
      from: { tag: 'schemaDatasource', files, configDir: process.cwd() },
      to: { tag: 'schemaDatamodel', files },
      script: true,
      exitCode: true,
      filters: noFilters,
    });
    return result.exitCode === 0 ? '' : (result.stdout ?? '').trim();
  } finally {
    engine.free();
  }
}
