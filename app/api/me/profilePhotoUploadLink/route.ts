import { route } from '@/lib/http/route';
import { createProfilePhotoUploadLink, uploadLinkQuery } from '@/lib/me/profile-photo';

export const GET = route({ auth: 'user', query: uploadLinkQuery }, createProfilePhotoUploadLink);
