import { exportDeliveries, exportDeliveriesQuery } from '@/lib/alerts/export-deliveries';
import { alertIdParams } from '@/lib/alerts/find-visible-alert';
import { csvFileAnswer } from '@/lib/http-parts/answers';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

export const GET = route(
  {
    params: alertIdParams,
    query: exportDeliveriesQuery,
    summary: 'The delivery report of an alert as CSV, one row per person and channel, with the answers',
    answer: csvFileAnswer,
  },
  exportDeliveries,
);
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
