import { answerAlert, answerAlertBody, answerAlertParams } from '@/lib/receipts/answer-alert';
import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';

export const POST = route(
  {
    summary: "Answer the alert's response options (confirms receipt too)",
    params: answerAlertParams,
    body: answerAlertBody,
  },
  answerAlert,
);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
