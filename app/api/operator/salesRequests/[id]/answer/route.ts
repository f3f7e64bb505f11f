import { otherMethods } from '@/lib/http/other-methods';
import { route } from '@/lib/http/route';
import { answerSalesRequest, answerSalesRequestBody } from '@/lib/operators/answer-sales-request';
import { operatorSalesRequestParams } from '@/lib/operators/sales-request-for-operator';

export const POST = route(
  {
    auth: 'operator',
    params: operatorSalesRequestParams,
    body: answerSalesRequestBody,
    summary: "Answer a company's sales request (once), e-mailing the requester",
  },
  answerSalesRequest,
);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
