import { deleteDraft } from '@/lib/alerts/delete-draft';
import { alertIdParams } from '@/lib/alerts/find-visible-alert';
import { route } from '@/lib/http/route';

export const DELETE = route({ role: 'admin', params: alertIdParams, summary: 'Delete a draft' }, deleteDraft);
