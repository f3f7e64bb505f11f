-- Operators answer sales requests (issue 35): the answer, when, and which operator (null: the `npm run operator`
-- command, or an account since deleted). The operators' list of open requests across companies, newest first, reads a
-- partial index of the open ones in that order (a plain index on answeredAt would find them, but IS NULL does not
-- let Postgres take the rows in createdAt order from it, so every page would sort them all).
ALTER TABLE "SalesRequest" ADD COLUMN "answer" TEXT,
ADD COLUMN "answeredAt" TIMESTAMPTZ(3),
ADD COLUMN "answeredById" UUID;

CREATE INDEX "SalesRequest_open_idx" ON "SalesRequest"("createdAt" DESC, "id" DESC) WHERE ("answeredAt" IS NULL);

ALTER TABLE "SalesRequest" ADD CONSTRAINT "SalesRequest_answeredById_fkey" FOREIGN KEY ("answeredById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
