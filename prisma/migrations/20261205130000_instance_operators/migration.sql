-- Instance operators (issue 35): a company can be suspended by the install's operators, and the install keeps its own
-- settings (who may sign up, what a new company starts with) in one row, id 1 (the only id the product writes; a CHECK
-- constraint would say so too, but Prisma's schema engine cannot read one back when it diffs, see tests/api/migrations).
ALTER TABLE "Company" ADD COLUMN "suspendedAt" TIMESTAMPTZ(3),
ADD COLUMN "suspendedReason" TEXT;

CREATE TYPE "SignUpPolicy" AS ENUM ('open', 'domains', 'closed');

CREATE TABLE "InstanceSettings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "signUpPolicy" "SignUpPolicy" NOT NULL DEFAULT 'open',
    "signUpDomains" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "newCompanyPlan" "Plan" NOT NULL DEFAULT 'free',
    "newCompanySeats" INTEGER NOT NULL DEFAULT 5,
    "newCompanyFeatures" "Feature"[] DEFAULT ARRAY[]::"Feature"[],
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "InstanceSettings_pkey" PRIMARY KEY ("id")
);
