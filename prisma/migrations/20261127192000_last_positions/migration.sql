-- Each person's newest position per device, so that the dashboard map and targeting by area read one row per person
-- and device instead of every position ever recorded (issue 21). "deviceKey" is the device's id, or the nil uuid for
-- positions without a device, which include those of removed devices (Position."deviceId" is set null then): the same
-- groups as DISTINCT ON ("userId", "deviceId") over "Position". Newest = latest "recordedAt", then the greatest id.
-- Kept by statement-level triggers on "Position" (transition tables: once per statement, also for bulk inserts), so
-- every write path keeps it right: an insert upserts the newer rows; an update or delete (a removed device's positions
-- set null, a removed person's positions) recomputes the people concerned from "Position". No foreign key: a removed
-- person's rows go with their positions' delete, whatever order the cascades run in.
CREATE TABLE "LastPosition" (
    "userId" UUID NOT NULL,
    "deviceKey" UUID NOT NULL,
    "positionId" UUID NOT NULL,
    "lat" DOUBLE PRECISION NOT NULL,
    "lng" DOUBLE PRECISION NOT NULL,
    "recordedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "LastPosition_pkey" PRIMARY KEY ("userId","deviceKey")
);

-- Bounding-box look-ups: a range of latitudes, longitudes filtered in the index.
CREATE INDEX "LastPosition_lat_lng_idx" ON "LastPosition"("lat", "lng");

INSERT INTO "LastPosition" ("userId", "deviceKey", "positionId", lat, lng, "recordedAt")
SELECT DISTINCT ON (p."userId", coalesce(p."deviceId", '00000000-0000-0000-0000-000000000000'::uuid))
       p."userId", coalesce(p."deviceId", '00000000-0000-0000-0000-000000000000'::uuid), p.id, p.lat, p.lng, p."recordedAt"
FROM "Position" p
ORDER BY p."userId", coalesce(p."deviceId", '00000000-0000-0000-0000-000000000000'::uuid), p."recordedAt" DESC, p.id DESC;

CREATE FUNCTION "LastPosition_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "LastPosition" ("userId", "deviceKey", "positionId", lat, lng, "recordedAt")
  SELECT DISTINCT ON (p."userId", coalesce(p."deviceId", '00000000-0000-0000-0000-000000000000'::uuid))
         p."userId", coalesce(p."deviceId", '00000000-0000-0000-0000-000000000000'::uuid), p.id, p.lat, p.lng, p."recordedAt"
  FROM inserted p
  ORDER BY p."userId", coalesce(p."deviceId", '00000000-0000-0000-0000-000000000000'::uuid), p."recordedAt" DESC, p.id DESC
  ON CONFLICT ("userId", "deviceKey") DO UPDATE
    SET "positionId" = excluded."positionId", lat = excluded.lat, lng = excluded.lng, "recordedAt" = excluded."recordedAt"
    WHERE ("LastPosition"."recordedAt", "LastPosition"."positionId") < (excluded."recordedAt", excluded."positionId");
  RETURN NULL;
END
$$;

CREATE FUNCTION "LastPosition_recompute"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  people uuid[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg(DISTINCT "userId") INTO people FROM (SELECT "userId" FROM old_rows UNION SELECT "userId" FROM new_rows) changed;
  ELSE
    SELECT array_agg(DISTINCT "userId") INTO people FROM old_rows;
  END IF;
  DELETE FROM "LastPosition" WHERE "userId" = ANY(people);
  INSERT INTO "LastPosition" ("userId", "deviceKey", "positionId", lat, lng, "recordedAt")
  SELECT DISTINCT ON (p."userId", coalesce(p."deviceId", '00000000-0000-0000-0000-000000000000'::uuid))
         p."userId", coalesce(p."deviceId", '00000000-0000-0000-0000-000000000000'::uuid), p.id, p.lat, p.lng, p."recordedAt"
  FROM "Position" p
  WHERE p."userId" = ANY(people)
  ORDER BY p."userId", coalesce(p."deviceId", '00000000-0000-0000-0000-000000000000'::uuid), p."recordedAt" DESC, p.id DESC;
  RETURN NULL;
END
$$;

CREATE TRIGGER "LastPosition_after_insert" AFTER INSERT ON "Position"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "LastPosition_after_insert"();
CREATE TRIGGER "LastPosition_after_update" AFTER UPDATE ON "Position"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "LastPosition_recompute"();
CREATE TRIGGER "LastPosition_after_delete" AFTER DELETE ON "Position"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "LastPosition_recompute"();
