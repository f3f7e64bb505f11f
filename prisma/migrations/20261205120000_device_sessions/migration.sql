-- The responder's long session (issue 33): a session signed in from a person's device lives for months while in use,
-- and acts with a member's rights whatever the person's role, so a lost phone never opens the console's admin side.
CREATE TYPE "SessionKind" AS ENUM ('console', 'device');
ALTER TABLE "Session" ADD COLUMN "kind" "SessionKind" NOT NULL DEFAULT 'console';
