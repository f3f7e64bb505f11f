import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { removeProfilePhoto } from '@/lib/me/remove-profile-photo';
import { setProfilePhoto, setProfilePhotoBody } from '@/lib/me/set-profile-photo';

export const PUT = route({ auth: 'user', body: setProfilePhotoBody }, setProfilePhoto);
export const DELETE = route({ auth: 'user' }, removeProfilePhoto);
export const { GET, POST, PATCH, OPTIONS } = otherMethods({ PUT, DELETE });
