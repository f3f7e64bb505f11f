import { attachmentNameParams, createUploadLink, uploadLinkQuery } from '@/lib/attachments/create-upload-link';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

export const GET = route(
  { role: 'admin', feature: 'scenario', params: attachmentNameParams, query: uploadLinkQuery },
  createUploadLink,
);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
