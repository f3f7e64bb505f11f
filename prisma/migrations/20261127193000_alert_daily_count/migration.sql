-- The dashboard chart's alerts per day (issue 21) from a roll-up instead of counting 91 days of alerts on every load.
-- A row per company and calendar day in the home time zone (lib/home-time-zone.ts: Europe/Oslo) counting the alerts
-- with a sentAt on that day. Drafts have no sentAt, so they are never counted.
CREATE TABLE "AlertDailyCount" (
    "companyId" UUID NOT NULL,
    "day" DATE NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "AlertDailyCount_pkey" PRIMARY KEY ("companyId","day")
);

ALTER TABLE "AlertDailyCount" ADD CONSTRAINT "AlertDailyCount_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Kept by statement-level triggers with transition tables (one grouped write per statement, however many rows: a bulk
-- insert or the retention purge costs one pass): every insert, delete and change of sentAt/companyId, from any path.
-- Rows are written in (companyId, day) order so that two statements never wait for each other's rows crosswise.
CREATE FUNCTION alert_daily_count_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "AlertDailyCount" ("companyId", "day", "count")
  SELECT "companyId", ("sentAt" AT TIME ZONE 'Europe/Oslo')::date, count(*)::int
  FROM new_alerts WHERE "sentAt" IS NOT NULL
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("companyId", "day") DO UPDATE SET "count" = "AlertDailyCount"."count" + EXCLUDED."count";
  RETURN NULL;
END;
$$;

-- Taking away only updates: the day's row exists since the alert was counted, unless the company itself is being
-- deleted (its rows cascade with it, and there is nothing to take from).
CREATE FUNCTION alert_daily_count_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "AlertDailyCount" c SET "count" = c."count" - gone.count
  FROM (
    SELECT "companyId", ("sentAt" AT TIME ZONE 'Europe/Oslo')::date AS day, count(*)::int AS count
    FROM old_alerts WHERE "sentAt" IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2
  ) gone
  WHERE c."companyId" = gone."companyId" AND c."day" = gone.day;
  RETURN NULL;
END;
$$;

CREATE FUNCTION alert_daily_count_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "AlertDailyCount" ("companyId", "day", "count")
  SELECT "companyId", day, sum(delta)::int
  FROM (
    SELECT n."companyId", (n."sentAt" AT TIME ZONE 'Europe/Oslo')::date AS day, 1 AS delta
    FROM new_alerts n JOIN old_alerts o ON o.id = n.id
    WHERE n."sentAt" IS NOT NULL AND (o."sentAt" IS DISTINCT FROM n."sentAt" OR o."companyId" <> n."companyId")
    UNION ALL
    SELECT o."companyId", (o."sentAt" AT TIME ZONE 'Europe/Oslo')::date, -1
    FROM old_alerts o JOIN new_alerts n ON n.id = o.id
    WHERE o."sentAt" IS NOT NULL AND (o."sentAt" IS DISTINCT FROM n."sentAt" OR o."companyId" <> n."companyId")
  ) changes
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("companyId", "day") DO UPDATE SET "count" = "AlertDailyCount"."count" + EXCLUDED."count";
  RETURN NULL;
END;
$$;

CREATE TRIGGER "AlertDailyCount_insert" AFTER INSERT ON "Alert"
  REFERENCING NEW TABLE AS new_alerts FOR EACH STATEMENT EXECUTE FUNCTION alert_daily_count_inserted();
CREATE TRIGGER "AlertDailyCount_delete" AFTER DELETE ON "Alert"
  REFERENCING OLD TABLE AS old_alerts FOR EACH STATEMENT EXECUTE FUNCTION alert_daily_count_deleted();
CREATE TRIGGER "AlertDailyCount_update" AFTER UPDATE ON "Alert"
  REFERENCING OLD TABLE AS old_alerts NEW TABLE AS new_alerts FOR EACH STATEMENT EXECUTE FUNCTION alert_daily_count_updated();

-- The alerts already sent.
INSERT INTO "AlertDailyCount" ("companyId", "day", "count")
SELECT "companyId", ("sentAt" AT TIME ZONE 'Europe/Oslo')::date, count(*)::int
FROM "Alert"
WHERE "sentAt" IS NOT NULL
GROUP BY 1, 2;
