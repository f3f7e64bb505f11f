import { attachmentNameParams, createUploadLink, uploadLinkQuery } from '@/lib/attachments/create-upload-link';
import { route } from '@/lib/http/route';

export const GET = route(
  { role: 'admin', feature: 'scenario', params: attachmentNameParams, query: uploadLinkQuery },
  createUploadLink,
);
