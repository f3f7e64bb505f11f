import { alertIdParams } from '@/lib/alerts/find-visible-alert';
import { deleteLinkQuery } from '@/lib/attachments/create-delete-link';
import { attachmentNameParams } from '@/lib/attachments/create-upload-link';
import { createCommentDeleteLink } from '@/lib/comments/create-comment-delete-link';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

export const GET = route(
  { params: alertIdParams.extend(attachmentNameParams.shape), query: deleteLinkQuery },
  createCommentDeleteLink,
);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
