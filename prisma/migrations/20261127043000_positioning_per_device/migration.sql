-- A positioning asks each device of a person (issue 17): one result row per device asked, the answer's own time, and
-- a decline; the request carries the time by which devices must answer and when the unanswered ones were closed.
ALTER TABLE "Positioning" ADD COLUMN "answerBy" TIMESTAMPTZ(3), ADD COLUMN "closedAt" TIMESTAMPTZ(3);
UPDATE "Positioning" SET "answerBy" = "createdAt" + interval '60 seconds', "closedAt" = "createdAt" + interval '60 seconds';
UPDATE "PositioningResult" SET "state" = 'notReached' WHERE "state" = 'pending';
ALTER TABLE "Positioning" ALTER COLUMN "answerBy" SET NOT NULL;

ALTER TABLE "PositioningResult" ADD COLUMN "askedAt" TIMESTAMPTZ(3), ADD COLUMN "positionedAt" TIMESTAMPTZ(3),
  ADD COLUMN "declined" BOOLEAN NOT NULL DEFAULT false;

DROP INDEX "PositioningResult_positioningId_userId_key";
CREATE UNIQUE INDEX "PositioningResult_positioningId_deviceId_key" ON "PositioningResult"("positioningId", "deviceId");
CREATE INDEX "PositioningResult_positioningId_userId_idx" ON "PositioningResult"("positioningId", "userId");
CREATE INDEX "PositioningResult_userId_idx" ON "PositioningResult"("userId");
CREATE INDEX "Positioning_closedAt_answerBy_idx" ON "Positioning"("closedAt", "answerBy");
