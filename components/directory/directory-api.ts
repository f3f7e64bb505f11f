import { apiQuery } from '@/components/ui/api-query';
import type { createDirectoryKey } from '@/lib/directory/create-directory-key';
import type { deleteDirectoryKey } from '@/lib/directory/delete-directory-key';
import type { getDirectoryEnabled } from '@/lib/directory/get-directory-enabled';
import type { setDirectoryEnabled } from '@/lib/directory/set-directory-enabled';
import type { listDirectoryKeys } from '@/lib/directory/list-directory-keys';
import type { listDirectoryLog } from '@/lib/directory/list-directory-log';
import type { AnswerOf } from '@/lib/http/answer-of';
import { api } from '@/lib/http/client';

// Directory provisioning (issue 20): whether Entra ID may provision the company, the keys its requests carry, and the
// log of those requests. GET/PUT /api/azureAd/enabled, GET/POST /api/azureAd/keys, DELETE /api/azureAd/keys/{id},
// GET /api/azureAd/log.

export type DirectoryKey = AnswerOf<typeof listDirectoryKeys>[number];
/** A key just generated: the only answer that holds the whole key. */
export type NewDirectoryKey = AnswerOf<typeof createDirectoryKey>;
type DirectoryEnabled = AnswerOf<typeof getDirectoryEnabled>;
/** One SCIM request the directory sent, as the provisioning log keeps it. */
export type ProvisioningLogEntry = AnswerOf<typeof listDirectoryLog>['entries'][number];

export const directoryEnabledQuery = apiQuery<DirectoryEnabled>('/api/azureAd/enabled');
export const directoryKeysQuery = apiQuery<AnswerOf<typeof listDirectoryKeys>>('/api/azureAd/keys');
export const provisioningLogQuery = apiQuery<AnswerOf<typeof listDirectoryLog>>('/api/azureAd/log');

export const directoryApi = {
  setEnabled: (enabled: boolean) => api.put<AnswerOf<typeof setDirectoryEnabled>>('/api/azureAd/enabled', { enabled }),
  createKey: (name: string) => api.post<NewDirectoryKey>('/api/azureAd/keys', name ? { name } : {}),
  deleteKey: (id: string) =>
    api.delete<AnswerOf<typeof deleteDirectoryKey>>(`/api/azureAd/keys/${encodeURIComponent(id)}`),
};
