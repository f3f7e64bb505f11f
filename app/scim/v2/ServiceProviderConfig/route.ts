import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { serviceProviderConfig } from '@/lib/scim/scim-schemas';

export const GET = route({ auth: 'directory' }, serviceProviderConfig);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
