import { draftBody } from '@/lib/alerts/alert-body';
import { saveDraft } from '@/lib/alerts/save-draft';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

export const POST = route(
  {
    role: 'admin',
    body: draftBody,
    summary: 'Save an alarm draft (201 when new, 200 when saved again)',
    status: (_draft, input) => (input.draftId ? 200 : 201),
  },
  (ctx, input) => saveDraft(ctx, input, 'alarm'),
);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
