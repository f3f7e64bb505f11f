import { changeExtraSeats, extraSeatsBody } from '@/lib/companies/change-extra-seats';
import { getSeats } from '@/lib/companies/get-seats';
import { PAYING_PLANS } from '@/lib/companies/plans';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

export const GET = route({ role: 'admin' }, getSeats);
export const PUT = route({ role: 'superAdmin', plans: PAYING_PLANS, body: extraSeatsBody }, changeExtraSeats);
export const { POST, PATCH, DELETE, OPTIONS } = otherMethods({ GET, PUT });
