-- Directory provisioning never reaches another company's people (issue 32, docs/decisions.md "A directory writes
-- only the accounts it made").


-- AlterTable
ALTER TABLE "AuthToken" ADD COLUMN     "companyId" UUID,
ADD COLUMN     "email" TEXT;

-- AlterTable
ALTER TABLE "DirectoryRequest" ADD COLUMN     "notes" JSONB NOT NULL DEFAULT '[]';

-- AlterTable
ALTER TABLE "Membership" ADD COLUMN     "directoryActive" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "directoryDisplayName" TEXT,
ADD COLUMN     "directoryEmail" TEXT,
ADD COLUMN     "directoryName" TEXT,
ADD COLUMN     "directoryPhone" TEXT,
ADD COLUMN     "invitedAt" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "Session" ADD COLUMN     "companyId" UUID;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "directoryCompanyId" UUID;

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_directoryCompanyId_fkey" FOREIGN KEY ("directoryCompanyId") REFERENCES "Company"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Session" ADD CONSTRAINT "Session_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuthToken" ADD CONSTRAINT "AuthToken_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The directory's values of the members it already manages are the account's values of today.
UPDATE "Membership" m
SET "directoryName" = u.name, "directoryDisplayName" = u.name, "directoryEmail" = u.email, "directoryPhone" = u.phone,
    "directoryActive" = m."deletedAt" IS NULL
FROM "User" u
WHERE u.id = m."userId" AND m.managed;

-- An account whose only membership is one directory's is that directory's (the directory made it: before this
-- migration, SCIM created an account for every e-mail it did not know).
UPDATE "User" u
SET "directoryCompanyId" = m."companyId"
FROM "Membership" m
WHERE m."userId" = u.id AND m.managed
  AND NOT EXISTS (SELECT 1 FROM "Membership" o WHERE o."userId" = u.id AND o.id <> m.id);

-- Member invitations were password-reset tokens valid 7 days (a reset link is valid 1 hour): the open ones become
-- invitations, so that links already sent keep working.
UPDATE "AuthToken" SET kind = 'invitation'
WHERE kind = 'passwordReset' AND "expiresAt" - "createdAt" > interval '1 hour';

-- A directory's account stops being the directory's for good once another company's membership is active or removed
-- (an invitation still waiting for its person does not count: naming someone's e-mail must not take another company's
-- directory's account from it). Statement-level for inserts (a member import inserts thousands), row-level for the
-- acceptance of an invitation (Postgres allows no transition table on an UPDATE OF trigger).
CREATE FUNCTION "Membership_end_directory_ownership_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "User" u SET "directoryCompanyId" = NULL
  FROM inserted m
  WHERE u.id = m."userId" AND m."invitedAt" IS NULL
    AND u."directoryCompanyId" IS NOT NULL AND u."directoryCompanyId" <> m."companyId";
  RETURN NULL;
END
$$;

CREATE TRIGGER "Membership_end_directory_ownership_on_insert"
AFTER INSERT ON "Membership" REFERENCING NEW TABLE AS inserted
FOR EACH STATEMENT EXECUTE FUNCTION "Membership_end_directory_ownership_on_insert"();

CREATE FUNCTION "Membership_end_directory_ownership_on_accept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "User" SET "directoryCompanyId" = NULL
  WHERE id = NEW."userId" AND "directoryCompanyId" IS NOT NULL AND "directoryCompanyId" <> NEW."companyId";
  RETURN NULL;
END
$$;

CREATE TRIGGER "Membership_end_directory_ownership_on_accept"
AFTER UPDATE OF "invitedAt" ON "Membership"
FOR EACH ROW WHEN (OLD."invitedAt" IS NOT NULL AND NEW."invitedAt" IS NULL)
EXECUTE FUNCTION "Membership_end_directory_ownership_on_accept"();
