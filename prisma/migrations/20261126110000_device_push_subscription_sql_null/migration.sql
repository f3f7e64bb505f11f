-- "Can receive push" (lib/devices/can-receive-push.ts) reads a set pushSubscription as NOT NULL: a JSON null stored
-- there would count as a subscription in one query and not in another. Turn any into SQL NULL, now and on every write.
-- (A trigger, not a CHECK constraint: Prisma's schema engine cannot describe CHECK constraints.)
UPDATE "Device" SET "pushSubscription" = NULL WHERE "pushSubscription" = 'null'::jsonb;

CREATE FUNCTION "Device_pushSubscription_sql_null"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."pushSubscription" = 'null'::jsonb THEN
    NEW."pushSubscription" := NULL;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER "Device_pushSubscription_sql_null"
  BEFORE INSERT OR UPDATE OF "pushSubscription" ON "Device"
  FOR EACH ROW EXECUTE FUNCTION "Device_pushSubscription_sql_null"();
