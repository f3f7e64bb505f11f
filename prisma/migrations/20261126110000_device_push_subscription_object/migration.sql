-- "Can receive push" (lib/devices/can-receive-push.ts) reads a set pushSubscription as NOT NULL: a JSON null stored
-- there would count as a subscription in one query and not in another. Turn any into SQL NULL and refuse them from now on.
UPDATE "Device" SET "pushSubscription" = NULL WHERE jsonb_typeof("pushSubscription") IS DISTINCT FROM 'object' AND "pushSubscription" IS NOT NULL;

ALTER TABLE "Device" ADD CONSTRAINT "Device_pushSubscription_object"
  CHECK ("pushSubscription" IS NULL OR jsonb_typeof("pushSubscription") = 'object');
