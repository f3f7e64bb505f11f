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

function printRequest(request: OperatorSalesRequest): void {
  const value = (name: string) => request.fields.find((field) => field.name === name)?.value;
  const { requester } = request;
  const from = requester
    ? `${requester.name} <${requester.email}>${requester.inCompany ? '' : ' (has left the company)'}`
    : '(account deleted)';
  const wanted = [
    value('seatsWanted') && `seats wanted: ${value('seatsWanted')}`,
    value('planWanted') && `plan wanted: ${value('planWanted')}`,
  ].filter(Boolean);
  console.log(`${request.id}  ${minute(request.at)} UTC  ${request.company.name} (${request.company.plan})`);
  console.log(`  From:    ${from}`);
  const topic = request.topic === null ? 'No topic' : (TOPICS[request.topic] ?? request.topic);
  console.log(`  Topic:   ${[topic, ...wanted].join(', ')}`);
  if (value('phone')) console.log(`  Phone:   ${value('phone')}`);
  if (value('message')) console.log(`  Message: ${indented(value('message') ?? '', 11)}`);
  if (request.answeredAt) {
    const by = request.answeredBy ? ` by ${request.answeredBy.name}` : '';
    console.log(`  Answered ${minute(request.answeredAt)} UTC${by}:\n    ${indented(request.answer ?? '', 4)}`);
  }
}

export function printSalesRequests(page: SalesRequestPage, status: string): void {
  page.items.forEach((request, index) => {
    if (index > 0) console.log('');
    printRequest(request);
  });
  if (page.items.length) console.log('');
  const shown = status === 'all' ? 'sales requests' : `${status} sales requests`;
  console.log(`${page.items.length} of ${page.total} ${shown} (page ${page.page})`);
}

export function printSalesAnswer(answered: SalesAnswer): void {
  printRequest(answered);
  console.log('');
  if (answered.emailedTo) {
    console.log(`Answered. The answer was e-mailed to ${answered.emailedTo}.`);
    return;
  }
  const why = answered.requester ? 'the requester has left the company' : "the requester's account is deleted";
  console.log(`Answered, but nobody was e-mailed: ${why}. The company's admins see the answer under Contact sales.`);
}
