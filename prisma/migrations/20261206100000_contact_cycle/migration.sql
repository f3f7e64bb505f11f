-- The contact cycle until confirmed (issue 36): each step's receipts carry their round, so a person gets each round's
-- push, SMS and call once (the key grows by the round; today's rows are round 1), and one row per alert holds the
-- cycle's plan and its next step.
ALTER TABLE "Receipt" ADD COLUMN "round" SMALLINT NOT NULL DEFAULT 1;
ALTER TABLE "Receipt" DROP CONSTRAINT "Receipt_pkey",
ADD CONSTRAINT "Receipt_pkey" PRIMARY KEY ("alertId", "userId", "channel", "fallback", "round");

CREATE TABLE "ContactCycle" (
    "alertId" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "rounds" INTEGER NOT NULL,
    "callAfterSeconds" INTEGER NOT NULL,
    "repeatAfterSeconds" INTEGER NOT NULL,
    "withCalls" BOOLEAN NOT NULL,
    "nextStep" INTEGER NOT NULL DEFAULT 0,
    "nextStepAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ContactCycle_pkey" PRIMARY KEY ("alertId")
);
CREATE INDEX "ContactCycle_nextStepAt_idx" ON "ContactCycle"("nextStepAt");
ALTER TABLE "ContactCycle" ADD CONSTRAINT "ContactCycle_alertId_fkey" FOREIGN KEY ("alertId") REFERENCES "Alert"("id") ON DELETE CASCADE ON UPDATE CASCADE;
