import { storedFileAnswer } from '@/lib/http-parts/answers';
import { uploadedFile } from '@/lib/http-parts/request-reader';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { fileKeyParams as params, fileLinkQuery as query } from '@/lib/providers/storage/authorize-file-link';
import { receiveLocalUpload } from '@/lib/providers/storage/receive-local-upload';
import { removeLocalFile } from '@/lib/providers/storage/remove-local-file';
import { serveLocalFile } from '@/lib/providers/storage/serve-local-file';

// Files of the local storage driver. No bearer (img tags, direct uploads): the signed link is the authorisation.
export const GET = route(
  {
    auth: 'none',
    params,
    query,
    summary: 'Download a stored file (local storage, signed link)',
    answer: storedFileAnswer,
  },
  serveLocalFile,
);
export const PUT = route(
  { auth: 'none', params, query, read: uploadedFile, summary: 'Upload a file (local storage, signed link)' },
  receiveLocalUpload,
);
export const DELETE = route(
  { auth: 'none', params, query, summary: 'Delete an unattached upload (local storage, signed link)' },
  removeLocalFile,
);
export const { POST, PATCH, OPTIONS } = otherMethods({ GET, PUT, DELETE });
