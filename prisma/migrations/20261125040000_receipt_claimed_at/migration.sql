-- AlterTable
ALTER TABLE "Receipt" ADD COLUMN     "claimedAt" TIMESTAMPTZ(3);
