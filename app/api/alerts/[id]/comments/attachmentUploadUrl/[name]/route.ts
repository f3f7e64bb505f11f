import { alertIdParams } from '@/lib/alerts/find-visible-alert';
import { attachmentNameParams, uploadLinkQuery } from '@/lib/attachments/create-upload-link';
import { createCommentUploadLink } from '@/lib/comments/create-comment-upload-link';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

export const GET = route(
  { params: alertIdParams.extend(attachmentNameParams.shape), query: uploadLinkQuery },
  createCommentUploadLink,
);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
