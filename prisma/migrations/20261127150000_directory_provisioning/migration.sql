-- SCIM provisioning (issue 20): the directory's userName and name parts of a managed member, and the provisioning log
-- (the newest requests per company, shown on /company/azureAd).
ALTER TABLE "Membership" ADD COLUMN "directoryUserName" TEXT,
ADD COLUMN "directoryGivenName" TEXT,
ADD COLUMN "directoryFamilyName" TEXT;

CREATE TABLE "DirectoryRequest" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "keyId" UUID,
    "keyPrefix" TEXT,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "method" TEXT NOT NULL,
    "operation" TEXT NOT NULL,
    "resourceType" TEXT,
    "resourceId" TEXT,
    "status" INTEGER NOT NULL,
    "scimType" TEXT,

    CONSTRAINT "DirectoryRequest_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "DirectoryRequest_companyId_at_idx" ON "DirectoryRequest"("companyId", "at" DESC);

ALTER TABLE "DirectoryRequest" ADD CONSTRAINT "DirectoryRequest_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "DirectoryRequest" ADD CONSTRAINT "DirectoryRequest_keyId_fkey" FOREIGN KEY ("keyId") REFERENCES "DirectoryKey"("id") ON DELETE SET NULL ON UPDATE CASCADE;
