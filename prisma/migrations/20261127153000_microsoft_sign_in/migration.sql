-- Sign in with Microsoft (issue 20): per company the Entra tenant, the app registration's client id and secret, and
-- whether people may sign in with it.
CREATE TABLE "MicrosoftSignIn" (
    "companyId" UUID NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "tenantId" UUID,
    "clientId" UUID,
    "clientSecret" TEXT,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "MicrosoftSignIn_pkey" PRIMARY KEY ("companyId")
);

ALTER TABLE "MicrosoftSignIn" ADD CONSTRAINT "MicrosoftSignIn_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
