-- Asking again automatically (issue 36): when an alert asks its question again by itself. The company's delay is a
-- CompanySetting row (reaskAfterMinutes), as the contact cycle's settings are.
ALTER TABLE "Alert" ADD COLUMN "autoReaskAt" TIMESTAMPTZ(3);
