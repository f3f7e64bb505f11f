-- AlterTable
ALTER TABLE "OutboundMessage" DROP COLUMN "receiptId",
ADD COLUMN     "alertId" UUID,
ADD COLUMN     "deliveryKey" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "OutboundMessage_deliveryKey_key" ON "OutboundMessage"("deliveryKey");
