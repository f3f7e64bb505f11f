-- "Contact sales" requests (issue 19): the form's name/value pairs with the server's facts, who asked and where the
-- request was e-mailed (null: no SALES_EMAIL, recorded only).
CREATE TABLE "SalesRequest" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "userId" UUID,
    "fields" JSONB NOT NULL,
    "sentTo" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SalesRequest_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "SalesRequest_companyId_createdAt_idx" ON "SalesRequest"("companyId", "createdAt" DESC);

ALTER TABLE "SalesRequest" ADD CONSTRAINT "SalesRequest_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "SalesRequest" ADD CONSTRAINT "SalesRequest_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
