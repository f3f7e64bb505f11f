import type { Prisma } from '@/lib/generated/prisma/client';

/** The columns a sales request is shown with (GET and POST /api/customer/contactSales). */
export const SALES_REQUEST_SELECT = {
  id: true,
  fields: true,
  sentTo: true,
  createdAt: true,
  user: { select: { id: true, name: true } },
} satisfies Prisma.SalesRequestSelect;

type SalesRequestRow = Prisma.SalesRequestGetPayload<{ select: typeof SALES_REQUEST_SELECT }>;

/** When, who (null once their account is gone), the topic chosen (null: none) and where it was e-mailed (null: not). */
export function salesRequestView(row: SalesRequestRow) {
  const fields = Array.isArray(row.fields) ? (row.fields as { name?: unknown; value?: unknown }[]) : [];
  const topic = fields.find((field) => field?.name === 'topic')?.value;
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    by: row.user ? { userId: row.user.id, name: row.user.name } : null,
    topic: typeof topic === 'string' ? topic : null,
    sentTo: row.sentTo,
  };
}
