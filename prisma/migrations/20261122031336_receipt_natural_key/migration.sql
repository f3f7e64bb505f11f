-- DropIndex
DROP INDEX "Receipt_alertId_userId_channel_fallback_key";

-- AlterTable
ALTER TABLE "Receipt" DROP CONSTRAINT "Receipt_pkey",
DROP COLUMN "id",
ADD CONSTRAINT "Receipt_pkey" PRIMARY KEY ("alertId", "userId", "channel", "fallback");
