import { directoryEnabledBody } from '@/lib/directory/directory-key-fields';
import { getDirectoryEnabled } from '@/lib/directory/get-directory-enabled';
import { setDirectoryEnabled } from '@/lib/directory/set-directory-enabled';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

export const GET = route({ role: 'admin' }, getDirectoryEnabled);
export const PUT = route({ role: 'admin', body: directoryEnabledBody }, setDirectoryEnabled);
export const { POST, PATCH, DELETE, OPTIONS } = otherMethods({ GET, PUT });
