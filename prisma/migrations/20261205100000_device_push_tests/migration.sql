-- "Test my alerts" (issue 33): the device's latest test push and when a test last reached it, and when its push
-- subscription or token was dropped as dead (the admins' member list shows "push lost").
ALTER TABLE "Device" ADD COLUMN "pushLostAt" TIMESTAMPTZ(3),
ADD COLUMN "lastTestId" UUID,
ADD COLUMN "lastTestSentAt" TIMESTAMPTZ(3),
ADD COLUMN "lastTestReceivedAt" TIMESTAMPTZ(3);
