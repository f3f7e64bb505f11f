import { z } from 'zod';

/** What `database/dump.json` says of the COPY files beside it. */
export const databaseDump = z.object({
  tables: z.array(z.object({ name: z.string(), columns: z.array(z.string()), file: z.string(), rows: z.number() })),
  sequences: z.array(z.object({ name: z.string(), lastValue: z.string(), isCalled: z.boolean() })),
});
export type DatabaseDump = z.infer<typeof databaseDump>;

export const DATABASE_DUMP_FILE = 'dump.json';

/** An identifier quoted for SQL. */
export const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
