import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { accountRowsBody } from '@/lib/members/account-row';
import { addAccounts } from '@/lib/members/add-accounts';
import { validateAccountRows } from '@/lib/members/validate-account-rows';

const BODY_LIMIT = 2 * 1024 * 1024;

export const PUT = route(
  { role: 'admin', body: accountRowsBody, bodyLimit: BODY_LIMIT, throttled: true },
  validateAccountRows,
);
export const POST = route({ role: 'admin', body: accountRowsBody, bodyLimit: BODY_LIMIT }, addAccounts);
export const { GET, PATCH, DELETE, OPTIONS } = otherMethods({ POST, PUT });
