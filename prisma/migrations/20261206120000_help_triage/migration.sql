-- The "needs help" triage of response options (issue 36): who handled a person's need, when, with a note, and whose
-- notice went out. (The team a company tells is a CompanySetting row, helpTeam: a key from Company to Team would make
-- the two tables point at each other, which a restore cannot load in any order.)
ALTER TABLE "AlertRecipient" ADD COLUMN "helpHandledAt" TIMESTAMPTZ(3),
ADD COLUMN "helpHandledById" UUID,
ADD COLUMN "helpNote" TEXT,
ADD COLUMN "helpNotifiedAt" TIMESTAMPTZ(3);

