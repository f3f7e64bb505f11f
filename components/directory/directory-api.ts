import { api } from '@/lib/http/client';
import type { DirectoryNote } from '@/lib/directory/directory-note';
import { apiQuery } from '@/components/ui/api-query';

// Directory provisioning (issue 20): whether Entra ID may provision the company, the keys its requests carry, and the
// log of those requests. GET/PUT /api/azureAd/enabled, GET/POST /api/azureAd/keys, DELETE /api/azureAd/keys/{id},
// GET /api/azureAd/log.

export interface DirectoryKey {
  id: string;
  name: string | null;
  /** The key's first characters, to tell keys apart (the key itself is not kept). */
  keyPrefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  createdBy: { userId: string; name: string } | null;
}

/** A key just generated: the only answer that holds the whole key. */
export interface NewDirectoryKey extends DirectoryKey {
  key: string;
}

export type ScimOperation = 'create' | 'get' | 'list' | 'replace' | 'patch' | 'delete' | 'discovery';
export type ScimResourceType = 'User' | 'Group';

/** One SCIM request the directory sent, as the provisioning log keeps it. */
export interface ProvisioningLogEntry {
  id: string;
  at: string;
  method: string;
  operation: ScimOperation;
  resourceType: ScimResourceType | null;
  resourceId: string | null;
  /** The HTTP status of the answer. */
  status: number;
  /** The SCIM error type of a failure (RFC 7644 §3.12), e.g. "uniqueness". */
  scimType: string | null;
  keyPrefix: string | null;
  /** What the request sent that could not be used (the person was provisioned without it). */
  notes: DirectoryNote[];
}

export const directoryEnabledQuery = apiQuery<{ enabled: boolean }>('/api/azureAd/enabled');
export const directoryKeysQuery = apiQuery<DirectoryKey[]>('/api/azureAd/keys');
export const provisioningLogQuery = apiQuery<{ entries: ProvisioningLogEntry[] }>('/api/azureAd/log');

export const directoryApi = {
  setEnabled: (enabled: boolean) => api.put<{ enabled: boolean }>('/api/azureAd/enabled', { enabled }),
  createKey: (name: string) => api.post<NewDirectoryKey>('/api/azureAd/keys', name ? { name } : {}),
  deleteKey: (id: string) => api.delete<{ deleted: boolean }>(`/api/azureAd/keys/${encodeURIComponent(id)}`),
};
