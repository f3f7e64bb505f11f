-- DropIndex (the unique index by alert serves these lookups)
DROP INDEX "Receipt_alertId_state_idx";

-- DropForeignKey
ALTER TABLE "AlertRecipient" DROP CONSTRAINT "AlertRecipient_companyId_fkey";

-- DropForeignKey
ALTER TABLE "AlertRecipient" DROP CONSTRAINT "AlertRecipient_userId_fkey";

-- DropForeignKey
ALTER TABLE "Receipt" DROP CONSTRAINT "Receipt_alertId_fkey";

-- DropForeignKey
ALTER TABLE "Receipt" DROP CONSTRAINT "Receipt_companyId_fkey";

-- DropForeignKey
ALTER TABLE "Receipt" DROP CONSTRAINT "Receipt_deviceId_fkey";

-- DropForeignKey
ALTER TABLE "Receipt" DROP CONSTRAINT "Receipt_recipientId_fkey";

-- DropForeignKey
ALTER TABLE "Receipt" DROP CONSTRAINT "Receipt_userId_fkey";

-- Alert rows are written 10,000 at a time by the send transaction, from ids it has just read: a foreign-key check per
-- row doubled the time to send. What the dropped keys cascaded is done once per statement instead.

-- A deleted recipient row (its alert deleted, or its person) takes its receipts along.
CREATE FUNCTION "delete_receipts_of_deleted_recipients"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "Receipt" rc USING deleted_recipients gone
  WHERE rc."alertId" = gone."alertId" AND rc."userId" = gone."userId";
  RETURN NULL;
END $$;

CREATE TRIGGER "AlertRecipient_delete_receipts"
AFTER DELETE ON "AlertRecipient" REFERENCING OLD TABLE AS deleted_recipients
FOR EACH STATEMENT EXECUTE FUNCTION "delete_receipts_of_deleted_recipients"();

-- A deleted person takes their alert rows along.
CREATE FUNCTION "delete_alert_rows_of_deleted_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "AlertRecipient" r USING deleted_users gone WHERE r."userId" = gone.id;
  RETURN NULL;
END $$;

CREATE TRIGGER "User_delete_alert_rows"
AFTER DELETE ON "User" REFERENCING OLD TABLE AS deleted_users
FOR EACH STATEMENT EXECUTE FUNCTION "delete_alert_rows_of_deleted_users"();
