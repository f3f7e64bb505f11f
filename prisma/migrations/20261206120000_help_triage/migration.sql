-- The "needs help" triage of response options (issue 36): who handled a person's need, when, with a note; and the team
-- a company tells when someone needs help (none: the alert's sender and the admins).
ALTER TABLE "AlertRecipient" ADD COLUMN "helpHandledAt" TIMESTAMPTZ(3),
ADD COLUMN "helpHandledById" UUID,
ADD COLUMN "helpNote" TEXT,
ADD COLUMN "helpNotifiedAt" TIMESTAMPTZ(3);

ALTER TABLE "Company" ADD COLUMN "helpTeamId" UUID;
ALTER TABLE "Company" ADD CONSTRAINT "Company_helpTeamId_fkey" FOREIGN KEY ("helpTeamId") REFERENCES "Team"("id") ON DELETE SET NULL ON UPDATE CASCADE;
