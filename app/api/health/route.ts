import { checkHealth } from '@/lib/health/check-health';
import { route } from '@/lib/http/route';

export const GET = route({ auth: 'none' }, checkHealth);
