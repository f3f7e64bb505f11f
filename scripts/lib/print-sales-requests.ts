import type { answerSalesRequest } from '@/lib/operators/answer-sales-request';
import type { listSalesRequests } from '@/lib/operators/list-sales-requests';
import type { OperatorSalesRequest } from '@/lib/operators/sales-request-for-operator';

// `npm run operator -- sales-requests` and `answer-sales-request` without --json: a block per request, since their
// messages and answers are paragraphs that no table column holds.

type SalesRequestPage = Awaited<ReturnType<typeof listSalesRequests>>;
type SalesAnswer = Awaited<ReturnType<typeof answerSalesRequest>>;

/** The form's topics in the operator's words (the command speaks English, like its usage). */
const TOPICS: Record<string, string> = { moreSeats: 'More seats', otherPlan: 'Another plan', other: 'Something else' };

const minute = (iso: string) => iso.slice(0, 16).replace('T', ' ');
const indented = (text: string, by: number) => text.replace(/\n/g, `\n${' '.repeat(by)}`);

function requestLines(request: OperatorSalesRequest): string[] {
  const lines: string[] = [];
  const value = (name: string) => request.fields.find((field) => field.name === name)?.value;
  const { requester } = request;
  const from = requester
    ? `${requester.name} <${requester.email}>${requester.inCompany ? '' : ' (has left the company)'}`
    : '(account deleted)';
  const wanted = [
    value('seatsWanted') && `seats wanted: ${value('seatsWanted')}`,
    value('planWanted') && `plan wanted: ${value('planWanted')}`,
  ].filter(Boolean);
  lines.push(`${request.id}  ${minute(request.at)} UTC  ${request.company.name} (${request.company.plan})`);
  lines.push(`  From:    ${from}`);
  const topic = request.topic === null ? 'No topic' : (TOPICS[request.topic] ?? request.topic);
  lines.push(`  Topic:   ${[topic, ...wanted].join(', ')}`);
  if (value('phone')) lines.push(`  Phone:   ${value('phone')}`);
  if (value('message')) lines.push(`  Message: ${indented(value('message') ?? '', 11)}`);
  if (request.answeredAt) {
    const by = request.answeredBy ? ` by ${request.answeredBy.name}` : '';
    lines.push(`  Answered ${minute(request.answeredAt)} UTC${by}:\n    ${indented(request.answer ?? '', 4)}`);
  }
  return lines;
}

export function salesRequestsText(page: SalesRequestPage, status: string): string {
  const blocks = page.items.map((request) => requestLines(request).join('\n'));
  const shown = status === 'all' ? 'sales requests' : `${status} sales requests`;
  return [...blocks, `${page.items.length} of ${page.total} ${shown} (page ${page.page})`].join('\n\n');
}

export function salesAnswerText(answered: SalesAnswer): string {
  const request = requestLines(answered).join('\n');
  if (answered.emailedTo) return `${request}\n\nAnswered. The answer was e-mailed to ${answered.emailedTo}.`;
  const why = answered.requester ? 'the requester has left the company' : "the requester's account is deleted";
  return `${request}\n\nAnswered, but nobody was e-mailed: ${why}. The company's admins see the answer under Contact sales.`;
}
