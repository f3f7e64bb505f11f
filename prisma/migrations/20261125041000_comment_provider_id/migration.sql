-- AlterTable
ALTER TABLE "AlertComment" ADD COLUMN     "providerId" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "AlertComment_providerId_key" ON "AlertComment"("providerId");
