import type { CompanyContext, PublicCtx } from '@/lib/context';
import type { DirectoryNote } from './directory-note';

/** For SCIM requests (app/scim/v2): the company of the directory key sent as the bearer token, and that key. */
export interface DirectoryCtx extends PublicCtx {
  company: CompanyContext;
  directoryKey: { id: string; prefix: string };
  /** What the request sent that could not be used: the operation adds, the provisioning log keeps them. */
  notes: DirectoryNote[];
}
