/** The URNs of RFC 7643 / 7644 this server speaks. */
export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const ENTERPRISE_USER_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const LIST_RESPONSE_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const PATCH_OP_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const SERVICE_PROVIDER_CONFIG_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig';
const RESOURCE_TYPE_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';
const SCHEMA_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';

/** The most resources one list answer holds (ServiceProviderConfig filter.maxResults). */
export const MAX_RESULTS = 100;

const DOCS = 'https://datatracker.ietf.org/doc/html/rfc7644';

/** GET /scim/v2/ServiceProviderConfig (RFC 7643 §5): patch and filter, no bulk, sort, etag or password change. */
export function serviceProviderConfig() {
  return {
    schemas: [SERVICE_PROVIDER_CONFIG_SCHEMA],
    documentationUri: DOCS,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Directory key',
        description: 'A directory key from the company settings, sent as "Authorization: Bearer <key>"',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: '/scim/v2/ServiceProviderConfig' },
  };
}

type Attribute = {
  name: string;
  type: 'string' | 'boolean' | 'complex' | 'reference';
  multiValued?: boolean;
  required?: boolean;
  caseExact?: boolean;
  mutability?: 'readOnly' | 'readWrite' | 'immutable';
  uniqueness?: 'none' | 'server';
  canonicalValues?: string[];
  subAttributes?: Attribute[];
};

function attribute(spec: Attribute): Record<string, unknown> {
  const { subAttributes, ...rest } = spec;
  return {
    multiValued: false,
    required: false,
    caseExact: false,
    mutability: 'readWrite',
    returned: 'default',
    uniqueness: 'none',
    ...rest,
    ...(subAttributes ? { subAttributes: subAttributes.map(attribute) } : {}),
  };
}

const typedValue = (types: string[]) => [
  { name: 'value', type: 'string' as const },
  { name: 'type', type: 'string' as const, canonicalValues: types },
  { name: 'primary', type: 'boolean' as const },
];

const SCHEMAS = [
  {
    id: USER_SCHEMA,
    name: 'User',
    description: 'A member of the company',
    attributes: [
      attribute({ name: 'userName', type: 'string', required: true, uniqueness: 'server' }),
      attribute({ name: 'externalId', type: 'string', caseExact: true }),
      attribute({
        name: 'name',
        type: 'complex',
        subAttributes: [
          { name: 'formatted', type: 'string' },
          { name: 'givenName', type: 'string' },
          { name: 'familyName', type: 'string' },
        ],
      }),
      attribute({ name: 'displayName', type: 'string' }),
      attribute({ name: 'active', type: 'boolean' }),
      attribute({ name: 'emails', type: 'complex', multiValued: true, subAttributes: typedValue(['work']) }),
      attribute({ name: 'phoneNumbers', type: 'complex', multiValued: true, subAttributes: typedValue(['mobile']) }),
    ],
  },
  {
    id: GROUP_SCHEMA,
    name: 'Group',
    description: 'A team of the company',
    attributes: [
      attribute({ name: 'displayName', type: 'string', required: true, uniqueness: 'server' }),
      attribute({ name: 'externalId', type: 'string', caseExact: true }),
      attribute({
        name: 'members',
        type: 'complex',
        multiValued: true,
        subAttributes: [
          { name: 'value', type: 'string', mutability: 'immutable' },
          { name: 'display', type: 'string', mutability: 'readOnly' },
        ],
      }),
    ],
  },
];

/** The schemas of User and Group this server keeps (RFC 7643 §7), as /Schemas lists them. */
export function scimSchemas() {
  return SCHEMAS.map((schema) => ({
    schemas: [SCHEMA_SCHEMA],
    ...schema,
    meta: { resourceType: 'Schema', location: `/scim/v2/Schemas/${schema.id}` },
  }));
}

/** GET /scim/v2/Schemas (RFC 7643 §7): the attributes of User and Group this server keeps. */
export function schemaList() {
  const resources = scimSchemas();
  return listResponse(resources, resources.length, 1);
}

/** User (the enterprise extension accepted and ignored) and Group (RFC 7643 §6), as /ResourceTypes lists them. */
export function scimResourceTypes() {
  return [
    {
      schemas: [RESOURCE_TYPE_SCHEMA],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      schema: USER_SCHEMA,
      schemaExtensions: [{ schema: ENTERPRISE_USER_SCHEMA, required: false }],
      meta: { resourceType: 'ResourceType', location: '/scim/v2/ResourceTypes/User' },
    },
    {
      schemas: [RESOURCE_TYPE_SCHEMA],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      schema: GROUP_SCHEMA,
      meta: { resourceType: 'ResourceType', location: '/scim/v2/ResourceTypes/Group' },
    },
  ];
}

/** GET /scim/v2/ResourceTypes (RFC 7643 §6): User (the enterprise extension accepted and ignored) and Group. */
export function resourceTypeList() {
  const resources = scimResourceTypes();
  return listResponse(resources, resources.length, 1);
}

/** A ListResponse (RFC 7644 §3.4.2). */
export function listResponse<T>(resources: T[], totalResults: number, startIndex: number) {
  return {
    schemas: [LIST_RESPONSE_SCHEMA],
    totalResults,
    itemsPerPage: resources.length,
    startIndex,
    Resources: resources,
  };
}
