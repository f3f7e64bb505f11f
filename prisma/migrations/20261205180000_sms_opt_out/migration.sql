-- SMS opt-out (issue 36): numbers no SMS goes to (by keyword or Twilio's error 21610), and the keyword messages
-- already applied, so a retried inbound webhook is applied and answered once.
CREATE TYPE "SmsOptOutSource" AS ENUM ('keyword', 'twilio');

CREATE TABLE "SmsOptOut" (
    "phone" TEXT NOT NULL,
    "source" "SmsOptOutSource" NOT NULL,
    "keyword" TEXT,
    "optedOutAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "SmsOptOut_pkey" PRIMARY KEY ("phone")
);

CREATE TABLE "SmsKeywordMessage" (
    "messageSid" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "keyword" TEXT NOT NULL,
    "receivedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "SmsKeywordMessage_pkey" PRIMARY KEY ("messageSid")
);
