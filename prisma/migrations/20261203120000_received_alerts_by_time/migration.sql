-- A member's newest received alerts and their dashboard chart (issue 21) read the member's recipient rows by time,
-- from the index alone, instead of joining all they ever received to its alert: a recipient row's createdAt is its
-- alert's sentAt (both written by the send transaction). The index of what a person received gains createdAt before
-- alertId, so that the alert log's totals still count from it alone and a send writes no more index entries.
DROP INDEX "AlertRecipient_userId_companyId_inTarget_alertId_idx";
CREATE INDEX "AlertRecipient_userId_companyId_inTarget_createdAt_alertId_idx" ON "AlertRecipient"("userId", "companyId", "inTarget", "createdAt", "alertId");
