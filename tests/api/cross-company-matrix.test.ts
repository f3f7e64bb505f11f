import { describe, it, expect } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import type { ApiResponse } from '../helpers/api-client';
import { useApiTestContext } from '../helpers/api-test-context';
import { printFigures } from '../helpers/figures';
import { fillPath, loadOpenApiOperations, queryString, type OpenApiOperation } from '../helpers/openapi-operations';
import {
  companyWithIds,
  requestAndSlots,
  withSlot,
  type OperationRequest,
  type Slot,
} from '../helpers/openapi-requests';

// R4 (docs/reliability.md): every operation of docs/api/openapi.json that takes an id, called by company A's admin with
// company B's ids — once with A's CustomerId and once with B's — must answer 403 or 404 (or, where a body only names
// B's rows as the things to act on, the product's own "unknown" 400), show nothing of B, and change no row of B.
// The cases are generated from the document: a new route with an id is in the matrix without a new case, and a path
// parameter or id field not in the tables of tests/helpers/openapi-requests.ts fails it until it is added there.

/**
 * The product's answers that refuse a body naming another company's rows as unknown input, which a 400 may carry:
 * targets (alerts, scenarios, reach), team members, files to attach, a scenario order that is not exactly the
 * company's scenarios, and (by its message) an SOS contact. None says whether the id exists elsewhere. Anything else
 * must be 403 or 404.
 */
const UNKNOWN_REFERENCE_CODES = ['unknownTarget', 'unknownMember', 'notUploaded', 'sortOrderMismatch'];
const unknownReferenceMessage = (field: string) => `${field} is not valid`;

/** Every row of B: the rows of every table with a uuid column holding one of B's ids (so also A's rows naming B). */
async function rowsOf(db: PrismaClient, ids: string[]): Promise<Map<string, string[]>> {
  const columns = await db.$queryRaw<{ table_name: string; column_name: string }[]>`
    SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = 'public' AND data_type = 'uuid' ORDER BY table_name, column_name`;
  const byTable = new Map<string, string[]>();
  for (const { table_name, column_name } of columns)
    byTable.set(table_name, [...(byTable.get(table_name) ?? []), column_name]);
  const rows = new Map<string, string[]>();
  for (const [table, uuidColumns] of byTable) {
    const where = uuidColumns.map((column) => `"${column}" = ANY($1::uuid[])`).join(' OR ');
    const found = await db.$queryRawUnsafe<{ row: string }[]>(
      `SELECT to_jsonb(t)::text AS row FROM "${table}" t WHERE ${where} ORDER BY 1`,
      ids,
    );
    rows.set(
      table,
      found.map((entry) => entry.row),
    );
  }
  return rows;
}

/** Every id of B's rows: those of the tables with a companyId of B, B's members and their devices. */
async function idsOfCompany(db: PrismaClient, companyId: string): Promise<string[]> {
  const tables = await db.$queryRaw<{ table_name: string }[]>`
    SELECT c.table_name FROM information_schema.columns c
    JOIN information_schema.columns id ON id.table_name = c.table_name AND id.column_name = 'id' AND id.table_schema = 'public'
    WHERE c.table_schema = 'public' AND c.column_name = 'companyId'`;
  const ids = new Set<string>([companyId]);
  for (const { table_name } of tables) {
    const found = await db.$queryRawUnsafe<{ id: string }[]>(
      `SELECT id::text FROM "${table_name}" WHERE "companyId" = $1::uuid`,
      companyId,
    );
    for (const { id } of found) ids.add(id);
  }
  const members = await db.membership.findMany({ where: { companyId }, select: { userId: true } });
  for (const { userId } of members) ids.add(userId);
  const devices = await db.device.findMany({ where: { userId: { in: members.map((m) => m.userId) } } });
  for (const { id } of devices) ids.add(id);
  return [...ids];
}

interface Outcome {
  operation: string;
  slot: string;
  customerId: 'A' | 'B';
  status: number;
  problem: string | null;
}

function judge(slot: Slot | null, response: ApiResponse, text: string, bSecrets: string[]): string | null {
  const leaked = bSecrets.find((secret) => text.includes(secret));
  if (leaked) return `the answer shows B's ${leaked}`;
  if (slot === null) return null;
  if (response.status === 403 || response.status === 404) return null;
  const body = response.body as { code?: string; errors?: string[] } | null;
  if (
    response.status === 400 &&
    slot.in !== 'path' &&
    (UNKNOWN_REFERENCE_CODES.includes(body?.code ?? '') ||
      JSON.stringify(body?.errors) === JSON.stringify([unknownReferenceMessage(slot.field)]))
  )
    return null;
  return `answered ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`;
}

describe('R4: company A cannot reach company B by its ids', () => {
  const api = useApiTestContext();

  it('answers every operation that takes an id with 403 or 404 for B’s ids, and changes no row of B', async () => {
    const suffix = randomBytes(3).toString('hex');
    const a = await companyWithIds(api, `Alpha${suffix}`);
    const b = await companyWithIds(api, `Zulu${suffix}`);
    const bIds = await idsOfCompany(api.db, b.fixtures.company.id);
    const before = await rowsOf(api.db, bIds);

    const operations = loadOpenApiOperations();
    const outcomes: Outcome[] = [];
    const outsideMatrix: string[] = [];
    const send = async (operation: OpenApiOperation, request: OperationRequest, customerId: string) => {
      const path = fillPath(operation.path, request.pathValues) + queryString(request.query);
      const options = { token: a.fixtures.admin.token, customerId, body: request.body };
      if (operation.otherBodyType)
        return api.call(operation.method, path, {
          ...options,
          rawBody: '',
          headers: { 'Content-Type': operation.otherBodyType },
        });
      return api.call(operation.method, path, options);
    };
    const sentIds = (request: OperationRequest) => JSON.stringify(request);
    const secretsFor = (request: OperationRequest) => {
      const sent = sentIds(request);
      return [`Zulu${suffix}`, ...bIds.filter((id) => !sent.includes(id))];
    };

    for (const operation of operations) {
      const { request, slots, override } = requestAndSlots(operation, a);
      if (slots.length === 0) {
        // No id: company routes are still tried with B's CustomerId (403 before anything runs); account reads must not
        // show B. Other operations without an id are outside the matrix (listed in the output).
        const inMatrix = operation.access === 'company' || (operation.access === 'user' && operation.method === 'GET');
        if (!inMatrix) {
          outsideMatrix.push(operation.name);
          continue;
        }
        const response = await send(operation, request, b.fixtures.company.id);
        const text = JSON.stringify(response.body);
        const problem =
          judge(null, response, text, secretsFor(request)) ??
          (operation.access === 'company' && response.status !== 403
            ? `answered ${response.status} with B's CustomerId`
            : null);
        outcomes.push({
          operation: operation.name,
          slot: 'CustomerId',
          customerId: 'B',
          status: response.status,
          problem,
        });
        continue;
      }
      for (const slot of slots) {
        for (const bId of b.ids[slot.kind]) {
          const attempt = withSlot(operation, request, slot, bId, override);
          for (const [label, customerId] of [
            ['A', a.fixtures.company.id],
            ['B', b.fixtures.company.id],
          ] as const) {
            const response = await send(operation, attempt, customerId);
            const problem = judge(slot, response, JSON.stringify(response.body), secretsFor(attempt));
            outcomes.push({
              operation: operation.name,
              slot: `${slot.in}:${slot.steps.join('.')}=${slot.kind}`,
              customerId: label,
              status: response.status,
              problem,
            });
          }
        }
      }
    }

    const after = await rowsOf(api.db, bIds);
    const changedRows = [...after].flatMap(([table, rows]) => {
      const old = new Set(before.get(table) ?? []);
      const now = new Set(rows);
      return [
        ...rows.filter((row) => !old.has(row)).map((row) => `${table} new or changed: ${row.slice(0, 300)}`),
        ...[...old].filter((row) => !now.has(row)).map((row) => `${table} gone or changed: ${row.slice(0, 300)}`),
      ];
    });

    const failed = outcomes.filter((outcome) => outcome.problem !== null);
    const tried = new Set(outcomes.map((outcome) => outcome.operation));
    process.stdout.write(
      [
        `R4 operations tried (${tried.size}):`,
        ...[...tried].map((name) => {
          const rows = outcomes.filter((outcome) => outcome.operation === name);
          const slots = [...new Set(rows.map((row) => row.slot))].join(', ');
          const statuses = [...new Set(rows.map((row) => row.status))].join('/');
          return `  ${name} [${slots}] → ${statuses}`;
        }),
        `R4 outside the matrix (no id, not a company route, not a read): ${outsideMatrix.join(', ')}`,
        '',
      ].join('\n'),
    );
    printFigures('R4', 'cross-company matrix', {
      tried: outcomes.length,
      held: outcomes.length - failed.length,
      failed: failed.length,
      operations: tried.size,
      rowsOfB: [...before.values()].reduce((sum, rows) => sum + rows.length, 0),
      rowsOfBChanged: changedRows.length,
    });
    expect(failed.map((f) => `${f.operation} ${f.slot} (CustomerId ${f.customerId}): ${f.problem}`)).toEqual([]);
    expect(changedRows).toEqual([]);
  }, 180_000);

  it('fails on a path parameter or an id field it has no fixture for, naming the table to add it to', () => {
    const ids = { fixtures: {}, ids: {} } as unknown as Parameters<typeof requestAndSlots>[1];
    const operation = (path: string, jsonBody?: Record<string, unknown>): OpenApiOperation => ({
      method: 'POST',
      path,
      name: `POST ${path}`,
      tag: 'widgets',
      access: 'company',
      pathParameters: [...path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => ({
        name,
        in: 'path',
        required: true,
        schema: { type: 'string' },
      })),
      queryParameters: [],
      jsonBody,
    });
    expect(() => requestAndSlots(operation('/api/widgets/{widgetId}'), ids)).toThrow(
      'POST /api/widgets/{widgetId}: the path parameter {widgetId} (/api/widgets/{widgetId}) has no fixture in PATH_PARAMETERS',
    );
    const body = { type: 'object', properties: { gadgetId: { type: 'string', format: 'uuid' } } };
    expect(() => requestAndSlots(operation('/api/widgets', body), ids)).toThrow(
      'POST /api/widgets: the id field "gadgetId" has no fixture in ID_FIELDS',
    );
  });
});
