import { createDeleteLink, deleteLinkQuery } from '@/lib/attachments/create-delete-link';
import { attachmentNameParams } from '@/lib/attachments/create-upload-link';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

export const GET = route({ role: 'admin', params: attachmentNameParams, query: deleteLinkQuery }, createDeleteLink);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
