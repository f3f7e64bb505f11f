-- Operators answer sales requests (issue 35): the answer, when, and which operator (null: the `npm run operator`
-- command, or an account since deleted). The operators' list of open requests across companies, newest first, reads
-- the (answeredAt, createdAt DESC) index: the open ones are its answeredAt IS NULL part, already in that order.
ALTER TABLE "SalesRequest" ADD COLUMN "answer" TEXT,
ADD COLUMN "answeredAt" TIMESTAMPTZ(3),
ADD COLUMN "answeredById" UUID;

CREATE INDEX "SalesRequest_answeredAt_createdAt_idx" ON "SalesRequest"("answeredAt", "createdAt" DESC);

ALTER TABLE "SalesRequest" ADD CONSTRAINT "SalesRequest_answeredById_fkey" FOREIGN KEY ("answeredById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
