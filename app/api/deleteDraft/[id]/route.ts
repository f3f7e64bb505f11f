import { deleteDraft } from '@/lib/alerts/delete-draft';
import { alertIdParams } from '@/lib/alerts/find-visible-alert';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

export const DELETE = route({ role: 'admin', params: alertIdParams, summary: 'Delete a draft' }, deleteDraft);
export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods({ DELETE });
