-- A member's alert log total (issue 21): what they received in a company, counted from the recipient index alone. It
-- replaces the index on (userId, alertId), whose reads by person it serves as well.
DROP INDEX "AlertRecipient_userId_alertId_idx";

CREATE INDEX "AlertRecipient_userId_companyId_inTarget_alertId_idx" ON "AlertRecipient"("userId", "companyId", "inTarget", "alertId");
