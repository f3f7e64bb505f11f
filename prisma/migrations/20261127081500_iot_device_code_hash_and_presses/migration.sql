-- A button's code is a secret: only its SHA-256 (hex) is kept, with its first characters for display (issue 18). Codes
-- stored before keep working: their hash is the hash of the same text.
ALTER TABLE "IotDevice" ADD COLUMN "codeHash" TEXT, ADD COLUMN "codePrefix" TEXT;
UPDATE "IotDevice" SET "codeHash" = encode(sha256(convert_to("code", 'UTF8')), 'hex'), "codePrefix" = left("code", 6);
ALTER TABLE "IotDevice" ALTER COLUMN "codeHash" SET NOT NULL, ALTER COLUMN "codePrefix" SET NOT NULL;
DROP INDEX "IotDevice_code_key";
ALTER TABLE "IotDevice" DROP COLUMN "code";
CREATE UNIQUE INDEX "IotDevice_codeHash_key" ON "IotDevice"("codeHash");

-- Every press a hub posts: its action and what it did.
CREATE TYPE "IotAction" AS ENUM ('click', 'hold', 'doubleclick');
CREATE TYPE "IotPressResult" AS ENUM ('started', 'duplicate', 'rateLimited', 'noScenario', 'invalidTarget', 'featureDisabled', 'failed');

CREATE TABLE "IotPress" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "iotDeviceId" UUID NOT NULL,
    "action" "IotAction" NOT NULL,
    "result" "IotPressResult" NOT NULL,
    "alertId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "IotPress_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "IotPress_iotDeviceId_createdAt_idx" ON "IotPress"("iotDeviceId", "createdAt" DESC);
CREATE INDEX "IotPress_createdAt_idx" ON "IotPress"("createdAt");

ALTER TABLE "IotPress" ADD CONSTRAINT "IotPress_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "IotPress" ADD CONSTRAINT "IotPress_iotDeviceId_fkey" FOREIGN KEY ("iotDeviceId") REFERENCES "IotDevice"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "IotPress" ADD CONSTRAINT "IotPress_alertId_fkey" FOREIGN KEY ("alertId") REFERENCES "Alert"("id") ON DELETE SET NULL ON UPDATE CASCADE;
