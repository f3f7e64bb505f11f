import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { createProfilePhotoUploadLink, uploadLinkQuery } from '@/lib/me/create-profile-photo-upload-link';

export const GET = route({ auth: 'user', query: uploadLinkQuery }, createProfilePhotoUploadLink);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
