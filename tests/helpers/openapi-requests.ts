import { expect } from '@jest/globals';
import type { ApiTestContext } from './api-test-context';
import type { JsonSchema, OpenApiOperation } from './openapi-operations';
import { createPopulatedCompany, type PopulatedCompany } from './populated-company';
import { branchesOf, mainBranch, sampleValue } from './schema-sample';

// Valid requests for the operations of docs/api/openapi.json, with a company's ids where the operation takes ids, and
// where each id stands (path parameter, query or body field) and which kind of row it names: for the tests generated
// from the document (the cross-company matrix R4, the bad-input fuzzing R5). A path parameter or id field not in the
// tables below fails those tests with a message saying where to add it.

export type Kind =
  | 'company'
  | 'member'
  | 'team'
  | 'location'
  | 'device'
  | 'alert'
  | 'draft'
  | 'mission'
  | 'positioning'
  | 'scenario'
  | 'scenarioFolder'
  | 'uploadKey'
  | 'iotDevice'
  | 'directoryKey';

/**
 * Which fixture's id each path parameter takes, by the path up to and including the parameter. A parameter that names
 * no row (an upload's file name) takes the same plain value for both companies.
 */
const PATH_PARAMETERS: Record<string, Kind | { plain: string }> = {
  '/api/accounts/{userId}': 'member',
  '/api/azureAd/keys/{id}': 'directoryKey',
  '/api/alerts/{id}': 'alert',
  // The person whose need of help is handled: a member (another company's is no recipient of this alert: 404).
  '/api/alerts/{id}/help/{userId}': 'member',
  // A tap-to-answer token is no company's id (it names one recipient row, unguessable): an unknown one is a 404.
  '/api/answerLinks/{token}': { plain: 'AAAAAAAAAAAAAAAAAAAAAA' },
  '/api/alerts/{id}/comments/attachmentDeleteUrl/{name}': { plain: 'plan.pdf' },
  '/api/alerts/{id}/comments/attachmentUploadUrl/{name}': { plain: 'plan.pdf' },
  '/api/alerts/attachmentDeleteUrl/{name}': { plain: 'plan.pdf' },
  '/api/alerts/attachmentUploadUrl/{name}': { plain: 'plan.pdf' },
  '/api/customer/name/{id}': 'company',
  '/api/customerSettings/{name}': { plain: 'defaultCountry' },
  '/api/deleteDraft/{id}': 'draft',
  '/api/devices/{id}': 'device',
  '/api/devices/{id}/positionings/{positioningId}': 'positioning',
  '/api/devices/{id}/scenarios/{scenarioId}': 'scenario',
  // A test push names no row of its own (it is the device's last test): the device's id is what a company could name.
  '/api/devices/{id}/test/{testId}': { plain: '7b7e1c4a-0f3c-4a53-9d55-2b7c1b0e6a11' },
  '/api/files/{key}': 'uploadKey',
  '/api/iotDevices/{id}': 'iotDevice',
  '/api/locations/{id}': 'location',
  '/api/missions/{id}': 'mission',
  '/api/missions/positions/last/user/{id}': 'member',
  // The install's operators name any company (issue 35); to everyone else these answer 403.
  '/api/operator/companies/{id}': 'company',
  // A sales request is no company's row to name: a company's people get 403 whichever request it is.
  '/api/operator/salesRequests/{id}': { plain: '3f6c2d9e-8a41-4b7e-9c12-5d0e7a6b4f21' },
  '/api/positionings/{id}': 'positioning',
  '/api/scenarioFolders/customer/{id}': 'scenarioFolder',
  '/api/scenarios/customer/{id}': 'scenario',
  '/api/scenarios/customer/attachmentDeleteUrl/{name}': { plain: 'plan.pdf' },
  '/api/scenarios/customer/attachmentUploadUrl/{name}': { plain: 'plan.pdf' },
  '/api/teams/{id}': 'team',
  '/api/voices/getVoiceAudioSample/{voiceId}': { plain: 'Polly.Joanna' },
  '/api/voices/getVoiceAudioSample/{voiceId}/{text}': { plain: 'Press 1 to confirm' },
};

/** Which fixture's id a body or query field takes, by `<tag>.<field>` or by the field's name. */
const ID_FIELDS: Record<string, Kind> = {
  alertId: 'alert',
  clickScenarioId: 'scenario',
  contactUserId: 'member',
  deviceId: 'device',
  devices: 'device',
  doubleClickScenarioId: 'scenario',
  draftId: 'draft',
  folderId: 'scenarioFolder',
  holdScenarioId: 'scenario',
  key: 'uploadKey',
  locations: 'location',
  'scenarios.ids': 'scenario',
  subscriberIds: 'member',
  teamId: 'team',
  teams: 'team',
  'teams.ids': 'team',
  userId: 'member',
  userIds: 'member',
  users: 'member',
};

/**
 * Requests the schema sampler cannot make valid (refinements the JSON schema does not show): the body, and which of
 * A's rows a path parameter names when it is not the one under test (e.g. a draft for "change a draft").
 */
const VALID_REQUESTS: Record<
  string,
  { body?: (own: PopulatedCompany) => unknown; path?: Record<string, Kind>; query?: Record<string, string> }
> = {};
const alertBody = () => ({
  severity: 'alert',
  title: 'Matrix drill',
  message: 'Only a test',
  channels: ['push'],
  target: { company: true },
});
for (const name of ['POST /api/alerts/alert', 'POST /api/alerts/alertDraft'])
  VALID_REQUESTS[name] = { body: alertBody };
for (const name of ['POST /api/alerts/alarm', 'POST /api/alerts/alarmDraft'])
  VALID_REQUESTS[name] = { body: () => ({ ...alertBody(), severity: 'alarm' }) };
for (const name of [
  'GET /api/alerts/{id}/comments/attachmentUploadUrl/{name}',
  'GET /api/alerts/attachmentUploadUrl/{name}',
  'GET /api/scenarios/customer/attachmentUploadUrl/{name}',
])
  VALID_REQUESTS[name] = { query: { contentType: 'application/pdf', size: '4' } };
VALID_REQUESTS['PUT /api/alerts/{id}'] = { body: alertBody, path: { id: 'draft' } };
VALID_REQUESTS['POST /api/alerts/target/reach'] = { body: () => ({ alertTarget: { company: true } }) };
VALID_REQUESTS['GET /api/dash/positions'] = { query: { bounds: '4,57,16,65', zoom: '6' } };
VALID_REQUESTS['POST /api/positionings'] = { body: () => ({ reason: 'Matrix roll call', target: { company: true } }) };
VALID_REQUESTS['POST /api/devices/{id}/positionings/{positioningId}'] = { body: () => ({ lat: 59.9, lng: 10.7 }) };
const scenarioBody = () => ({
  name: 'Matrix scenario',
  alertType: 1,
  alertData: { title: 'Matrix drill', body: 'Only a test', target: { company: true } },
  channels: ['push'],
});
VALID_REQUESTS['POST /api/scenarios/customer'] = { body: scenarioBody };
VALID_REQUESTS['PUT /api/scenarios/customer/{id}'] = { body: scenarioBody };
for (const name of ['POST /api/scenarioFolders/customer', 'PUT /api/scenarioFolders/customer/{id}'])
  VALID_REQUESTS[name] = { body: () => ({ name: 'Matrix folder' }) };
const locationBody = () => ({
  name: 'Matrix office',
  geofence: { type: 'circle', center: { lat: 59.9, lng: 10.7 }, radius: 100 },
});
VALID_REQUESTS['PUT /api/locations/{id}'] = { body: locationBody };
VALID_REQUESTS['POST /api/customerSettings/{name}'] = { body: () => ({ value: 'SE' }) };
VALID_REQUESTS['PUT /api/iotDevices/{id}'] = {
  body: (own) => ({ name: 'Matrix button', clickScenarioId: own.scenario.id }),
};
VALID_REQUESTS['PUT /api/customer/voiceprofile'] = {
  body: () => ({
    voiceId: 'Polly.Liv',
    messageIntroduction: 'Matrix calling.',
    messageCallConf: 'Press 1 to confirm.',
    messageKey1: 'Thank you.',
  }),
};
VALID_REQUESTS['PUT /api/sosContacts'] = {
  body: (own) => ({ sos: { list: [{ contactUserId: own.member.user.id }] } }),
};

// Sign in with Microsoft: the company's Entra tenant and app, turned off so that no client secret is needed.
VALID_REQUESTS['PUT /api/azureAd/signIn'] = {
  body: () => ({
    enabled: false,
    tenantId: '4f1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
    clientId: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
  }),
};

const ID_NAME = /^(id|ids|key)$|Ids?$/;
/**
 * Fields named like ids, or holding a uuid, that name no row: a voice of the catalogue (lib/voice/voice-catalogue.ts),
 * an Entra tenant and app (sign in with Microsoft), the id a sender gives its own comment (a reply queued offline).
 */
const NOT_ROW_IDS = new Set(['voiceId', 'tenantId', 'clientId']);

const isIdField = (name: string, schema: JsonSchema) =>
  !NOT_ROW_IDS.has(name) &&
  (ID_NAME.test(name) ||
    branchesOf(schema).some(
      (branch) => branch.format === 'uuid' || (branch.items as JsonSchema | undefined)?.format === 'uuid',
    ));

export type Step = string | number;

export interface Slot {
  in: 'path' | 'query' | 'body';
  steps: Step[];
  field: string;
  kind: Kind;
  /** The field holds a list of ids. */
  list: boolean;
}

export interface CompanyIds {
  fixtures: PopulatedCompany;
  /** Every id of each kind; the first is the one A uses where it needs a valid id. */
  ids: Record<Kind, string[]>;
}

function kindOfField(operation: OpenApiOperation, name: string): Kind {
  const kind = ID_FIELDS[`${operation.tag}.${name}`] ?? ID_FIELDS[name];
  if (!kind)
    throw new Error(
      `${operation.name}: the id field "${name}" has no fixture in ID_FIELDS (tests/helpers/openapi-requests.ts): add which kind of row it names`,
    );
  return kind;
}

function pathParameterOf(operation: OpenApiOperation, name: string): Kind | { plain: string } {
  const prefix = operation.path.slice(0, operation.path.indexOf(`{${name}}`) + name.length + 2);
  const entry = PATH_PARAMETERS[prefix];
  if (!entry)
    throw new Error(
      `${operation.name}: the path parameter {${name}} (${prefix}) has no fixture in PATH_PARAMETERS (tests/helpers/openapi-requests.ts): add which kind of row it names`,
    );
  return entry;
}

/** The id fields of a body or query schema, with where they stand (arrays of objects by their first item). */
function idFieldsOf(operation: OpenApiOperation, schema: JsonSchema, steps: Step[], name: string): Omit<Slot, 'in'>[] {
  if (name && isIdField(name, schema)) {
    return [{ steps, field: name, kind: kindOfField(operation, name), list: mainBranch(schema).type === 'array' }];
  }
  const main = mainBranch(schema);
  if (main.type === 'object')
    return Object.entries((main.properties ?? {}) as Record<string, JsonSchema>).flatMap(([key, property]) =>
      idFieldsOf(operation, property, [...steps, key], key),
    );
  if (main.type === 'array' && main.items)
    return idFieldsOf(operation, main.items as JsonSchema, [...steps, 0], name).filter(
      (field) => field.steps.length > steps.length + 1,
    );
  return [];
}

/** Where A's own ids stand in a given body (for fields the schema does not describe, like an SOS list's entries). */
function ownIdsIn(value: unknown, own: Map<string, Kind>, steps: Step[] = []): Omit<Slot, 'in'>[] {
  if (typeof value === 'string' && own.has(value))
    return [{ steps, field: String(steps.at(-1)), kind: own.get(value)!, list: false }];
  if (Array.isArray(value)) return value.flatMap((item, index) => ownIdsIn(item, own, [...steps, index]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => ownIdsIn(item, own, [...steps, key]));
  return [];
}

export interface OperationRequest {
  pathValues: Record<string, string | string[]>;
  query: Record<string, unknown>;
  body: unknown;
}

/** A valid request of the operation with A's ids, and every place an id stands in it. */
export function requestAndSlots(operation: OpenApiOperation, a: CompanyIds) {
  const own = (kind: Kind) => a.ids[kind][0];
  const override = (name: string, schema: JsonSchema, required: boolean) =>
    required && name && isIdField(name, schema)
      ? mainBranch(schema).type === 'array'
        ? [own(kindOfField(operation, name))]
        : own(kindOfField(operation, name))
      : undefined;
  const valid = VALID_REQUESTS[operation.name];
  const slots: Slot[] = [];
  const pathValues: Record<string, string | string[]> = {};
  for (const parameter of operation.pathParameters) {
    const entry = pathParameterOf(operation, parameter.name);
    if (typeof entry === 'object') {
      pathValues[parameter.name] = entry.plain;
      continue;
    }
    pathValues[parameter.name] = own(valid?.path?.[parameter.name] ?? entry);
    slots.push({ in: 'path', steps: [parameter.name], field: parameter.name, kind: entry, list: false });
  }
  const query: Record<string, unknown> = {};
  for (const parameter of operation.queryParameters) {
    const given = valid?.query?.[parameter.name];
    if (given !== undefined) query[parameter.name] = given;
    else if (parameter.required) query[parameter.name] = sampleValue(parameter.schema, override, parameter.name);
    for (const field of idFieldsOf(operation, parameter.schema, [parameter.name], parameter.name))
      slots.push({ in: 'query', ...field });
  }
  let body: unknown;
  if (operation.jsonBody) {
    body = valid?.body ? valid.body(a.fixtures) : sampleValue(operation.jsonBody, override);
    const fields = idFieldsOf(operation, operation.jsonBody, [], '');
    const ownKinds = new Map(Object.entries(a.ids).flatMap(([kind, ids]) => ids.map((id) => [id, kind as Kind])));
    // A's ids in the body that no id field of the schema covers (e.g. inside an SOS list's entries).
    const covered = (steps: Step[]) =>
      fields.some((field) => field.steps.every((step, index) => step === steps[index] || typeof step === 'number'));
    for (const field of [...fields, ...ownIdsIn(body, ownKinds).filter((found) => !covered(found.steps))])
      slots.push({ in: 'body', ...field });
  }
  return { request: { pathValues, query, body } satisfies OperationRequest, slots, override };
}

/** The request with `slot` set to `value`; containers missing on the way are made from the schema. */
export function withSlot(
  operation: OpenApiOperation,
  request: OperationRequest,
  slot: Slot,
  value: string,
  override: Parameters<typeof sampleValue>[1],
): OperationRequest {
  const id = slot.list ? [value] : value;
  if (slot.in === 'path') {
    const isCatchAll = operation.pathParameters.find((p) => p.name === slot.field)?.schema.type === 'array';
    return { ...request, pathValues: { ...request.pathValues, [slot.field]: isCatchAll ? value.split('/') : value } };
  }
  if (slot.in === 'query') return { ...request, query: { ...request.query, [slot.field]: id } };
  const body = structuredClone(request.body ?? {}) as Record<Step, unknown>;
  let current: Record<Step, unknown> = body;
  let schema: JsonSchema = operation.jsonBody ?? {};
  slot.steps.forEach((step, index) => {
    const main = mainBranch(schema);
    schema = (
      typeof step === 'number' ? main.items : (main.properties as Record<string, JsonSchema> | undefined)?.[step]
    ) as JsonSchema;
    if (index === slot.steps.length - 1) {
      current[step] = id;
      return;
    }
    if (current[step] === undefined || current[step] === null) {
      current[step] = typeof slot.steps[index + 1] === 'number' ? [] : (sampleValue(schema ?? {}, override) ?? {});
    }
    const next = current[step] as Record<Step, unknown>;
    if (Array.isArray(next) && next[slot.steps[index + 1] as number] === undefined) {
      const itemSchema = (mainBranch(schema ?? {}).items ?? {}) as JsonSchema;
      next[slot.steps[index + 1] as number] = sampleValue(itemSchema, override) ?? {};
    }
    current = next;
  });
  return { ...request, body };
}

async function uploadAs(api: ApiTestContext, fixtures: PopulatedCompany, name: string): Promise<string> {
  const link = await api.call('GET', `/api/alerts/attachmentUploadUrl/${name}?contentType=application%2Fpdf&size=4`, {
    token: fixtures.admin.token,
    customerId: fixtures.company.id,
  });
  expect(link.status).toBe(200);
  const put = await fetch(link.body.url, { method: link.body.method, headers: link.body.headers, body: 'test' });
  expect(put.ok).toBe(true);
  return link.body.key as string;
}

/** A populated company (tests/helpers/populated-company.ts) with a real upload, and its ids by kind. */
export async function companyWithIds(api: ApiTestContext, marker: string): Promise<CompanyIds> {
  const fixtures = await createPopulatedCompany(api.db, marker);
  const upload = await uploadAs(api, fixtures, `${marker}.pdf`);
  const attached = await api.db.attachment.findFirstOrThrow({ where: { alertId: fixtures.alert.id } });
  return {
    fixtures,
    ids: {
      company: [fixtures.company.id],
      member: [fixtures.member.user.id, fixtures.admin.user.id, fixtures.removed.user.id],
      team: [fixtures.team.id],
      location: [fixtures.location.id],
      device: [fixtures.adminDevice.id, fixtures.memberDevice.id],
      alert: [fixtures.alert.id, fixtures.closed.id, fixtures.draft.id],
      draft: [fixtures.draft.id],
      mission: [fixtures.mission.id],
      positioning: [fixtures.positioning.id],
      scenario: [fixtures.scenario.id],
      scenarioFolder: [fixtures.folder.id],
      uploadKey: [upload, attached.storageKey],
      iotDevice: [fixtures.iotDevice.id],
      directoryKey: [fixtures.directoryKey.id],
    },
  };
}
