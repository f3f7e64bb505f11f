-- Response options on an alert (issue 36): the options fixed at send, every answer with its time and channel, and the
-- latest answer on the recipient row for the report's counts and filter.
CREATE TYPE "AnswerKind" AS ENUM ('safe', 'needsHelp', 'other');
CREATE TYPE "AnswerChannel" AS ENUM ('app', 'sms');

ALTER TABLE "Alert" ADD COLUMN "responseOptions" JSONB NOT NULL DEFAULT '[]';
ALTER TABLE "Scenario" ADD COLUMN "responseOptions" JSONB NOT NULL DEFAULT '[]';

ALTER TABLE "AlertRecipient" ADD COLUMN "answerOption" INTEGER,
ADD COLUMN "answerKind" "AnswerKind",
ADD COLUMN "answeredAt" TIMESTAMPTZ(3),
ADD COLUMN "answerChannel" "AnswerChannel";
CREATE INDEX "AlertRecipient_alertId_answerKind_idx" ON "AlertRecipient"("alertId", "answerKind");

CREATE TABLE "AlertAnswer" (
    "id" UUID NOT NULL,
    "alertId" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "recipientId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "option" INTEGER NOT NULL,
    "kind" "AnswerKind" NOT NULL,
    "channel" "AnswerChannel" NOT NULL,
    "providerId" TEXT,
    "answeredAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "AlertAnswer_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "AlertAnswer_alertId_providerId_key" ON "AlertAnswer"("alertId", "providerId");
CREATE INDEX "AlertAnswer_recipientId_answeredAt_idx" ON "AlertAnswer"("recipientId", "answeredAt");
ALTER TABLE "AlertAnswer" ADD CONSTRAINT "AlertAnswer_recipientId_fkey" FOREIGN KEY ("recipientId") REFERENCES "AlertRecipient"("id") ON DELETE CASCADE ON UPDATE CASCADE;
