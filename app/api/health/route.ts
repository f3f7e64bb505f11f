import { checkLiveness } from '@/lib/health/check-liveness';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

// Liveness only: 200 while the process answers, whatever the database does (readiness: /api/health/ready).
export const GET = route({ auth: 'none', summary: 'Check that the process answers (liveness)' }, checkLiveness);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
