-- Positions given to one company are read by that company only (issue 32): an answer to its positioning, a
-- confirmation of its alert with a position, an SOS to it. The person's own reports from their device (source app)
-- stay readable by each of their companies (companyId null). LastPosition keeps the newest per device and scope
-- ("scopeKey": the company, or the nil uuid for the person's own), so a company reads the newest of its own and the nil
-- scope, never another company's.
ALTER TABLE "Position" ADD COLUMN "companyId" UUID;
ALTER TABLE "Position" ADD CONSTRAINT "Position_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Positions given before: answers to a positioning are found through their result (same person, device and point);
-- the others of a person with one company are that company's. What remains (an SOS or a confirmation of a person with
-- several companies, written before this migration) cannot be told apart and stays the person's own, as before.
UPDATE "Position" p SET "companyId" = pos."companyId"
FROM "PositioningResult" r JOIN "Positioning" pos ON pos.id = r."positioningId"
WHERE p.source = 'positioning' AND r."userId" = p."userId" AND r."deviceId" IS NOT DISTINCT FROM p."deviceId"
  AND r.lat = p.lat AND r.lng = p.lng;
UPDATE "Position" p SET "companyId" = only_one."companyId"
FROM (SELECT "userId", min("companyId"::text)::uuid AS "companyId" FROM "Membership" GROUP BY "userId" HAVING count(*) = 1) only_one
WHERE p.source <> 'app' AND p."companyId" IS NULL AND only_one."userId" = p."userId";

ALTER TABLE "LastPosition" ADD COLUMN "scopeKey" UUID NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000';
ALTER TABLE "LastPosition" ALTER COLUMN "scopeKey" DROP DEFAULT;
ALTER TABLE "LastPosition" DROP CONSTRAINT "LastPosition_pkey";
ALTER TABLE "LastPosition" ADD CONSTRAINT "LastPosition_pkey" PRIMARY KEY ("userId", "deviceKey", "scopeKey");

CREATE OR REPLACE FUNCTION "LastPosition_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "LastPosition" ("userId", "deviceKey", "scopeKey", "positionId", lat, lng, "recordedAt")
  SELECT DISTINCT ON (p."userId", coalesce(p."deviceId", '00000000-0000-0000-0000-000000000000'::uuid),
                      coalesce(p."companyId", '00000000-0000-0000-0000-000000000000'::uuid))
         p."userId", coalesce(p."deviceId", '00000000-0000-0000-0000-000000000000'::uuid),
         coalesce(p."companyId", '00000000-0000-0000-0000-000000000000'::uuid), p.id, p.lat, p.lng, p."recordedAt"
  FROM inserted p
  ORDER BY p."userId", coalesce(p."deviceId", '00000000-0000-0000-0000-000000000000'::uuid),
           coalesce(p."companyId", '00000000-0000-0000-0000-000000000000'::uuid), p."recordedAt" DESC, p.id DESC
  ON CONFLICT ("userId", "deviceKey", "scopeKey") DO UPDATE
    SET "positionId" = excluded."positionId", lat = excluded.lat, lng = excluded.lng, "recordedAt" = excluded."recordedAt"
    WHERE ("LastPosition"."recordedAt", "LastPosition"."positionId") < (excluded."recordedAt", excluded."positionId");
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION "LastPosition_recompute"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  people uuid[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg(DISTINCT "userId") INTO people FROM (SELECT "userId" FROM old_rows UNION SELECT "userId" FROM new_rows) changed;
  ELSE
    SELECT array_agg(DISTINCT "userId") INTO people FROM old_rows;
  END IF;
  DELETE FROM "LastPosition" WHERE "userId" = ANY(people);
  INSERT INTO "LastPosition" ("userId", "deviceKey", "scopeKey", "positionId", lat, lng, "recordedAt")
  SELECT DISTINCT ON (p."userId", coalesce(p."deviceId", '00000000-0000-0000-0000-000000000000'::uuid),
                      coalesce(p."companyId", '00000000-0000-0000-0000-000000000000'::uuid))
         p."userId", coalesce(p."deviceId", '00000000-0000-0000-0000-000000000000'::uuid),
         coalesce(p."companyId", '00000000-0000-0000-0000-000000000000'::uuid), p.id, p.lat, p.lng, p."recordedAt"
  FROM "Position" p
  WHERE p."userId" = ANY(people)
  ORDER BY p."userId", coalesce(p."deviceId", '00000000-0000-0000-0000-000000000000'::uuid),
           coalesce(p."companyId", '00000000-0000-0000-0000-000000000000'::uuid), p."recordedAt" DESC, p.id DESC;
  RETURN NULL;
END
$$;

-- The store again from every position, now by scope.
DELETE FROM "LastPosition";
INSERT INTO "LastPosition" ("userId", "deviceKey", "scopeKey", "positionId", lat, lng, "recordedAt")
SELECT DISTINCT ON (p."userId", coalesce(p."deviceId", '00000000-0000-0000-0000-000000000000'::uuid),
                    coalesce(p."companyId", '00000000-0000-0000-0000-000000000000'::uuid))
       p."userId", coalesce(p."deviceId", '00000000-0000-0000-0000-000000000000'::uuid),
       coalesce(p."companyId", '00000000-0000-0000-0000-000000000000'::uuid), p.id, p.lat, p.lng, p."recordedAt"
FROM "Position" p
ORDER BY p."userId", coalesce(p."deviceId", '00000000-0000-0000-0000-000000000000'::uuid),
         coalesce(p."companyId", '00000000-0000-0000-0000-000000000000'::uuid), p."recordedAt" DESC, p.id DESC;
