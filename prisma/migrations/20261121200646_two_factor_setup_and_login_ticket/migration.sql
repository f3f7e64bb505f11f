-- AlterEnum
ALTER TYPE "AuthTokenKind" ADD VALUE 'loginTotp';

-- AlterTable
ALTER TABLE "User" DROP COLUMN "failedLogins",
DROP COLUMN "loginBannedUntil",
ADD COLUMN     "totpPendingSecret" TEXT;
