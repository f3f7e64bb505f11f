-- A reply the responder queued without a network carries an id of its own (issue 33): sent again after a lost answer,
-- it is answered with the comment already posted instead of a second one.
ALTER TABLE "AlertComment" ADD COLUMN "clientId" UUID;
CREATE UNIQUE INDEX "AlertComment_alertId_authorId_clientId_key" ON "AlertComment"("alertId", "authorId", "clientId");
