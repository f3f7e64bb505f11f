-- Reads that do not slow down with history (issue 21): the alert log's totals count one's own alerts of a company
-- (drafts included) from an index alone, and the outbox page of one channel reads only that channel's rows.
CREATE INDEX "Alert_authorId_companyId_status_idx" ON "Alert"("authorId", "companyId", "status");

CREATE INDEX "OutboundMessage_companyId_channel_createdAt_idx" ON "OutboundMessage"("companyId", "channel", "createdAt" DESC);
