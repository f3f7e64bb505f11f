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

-- Adds `delta` to the day of `sent_at` (nothing for an unsent alert). The zone must stay HOME_TIME_ZONE. Taking away
-- only updates: the day's row exists since the alert was counted, unless the company was deleted (its rows with it).
CREATE FUNCTION alert_daily_count_add(company_id UUID, sent_at TIMESTAMPTZ, delta INTEGER) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  sent_day DATE := (sent_at AT TIME ZONE 'Europe/Oslo')::date;
BEGIN
  IF sent_at IS NULL THEN
    RETURN;
  END IF;
  IF delta < 0 THEN
    UPDATE "AlertDailyCount" SET "count" = "count" + delta WHERE "companyId" = company_id AND "day" = sent_day;
  ELSE
    INSERT INTO "AlertDailyCount" ("companyId", "day", "count")
    VALUES (company_id, sent_day, delta)
    ON CONFLICT ("companyId", "day") DO UPDATE SET "count" = "AlertDailyCount"."count" + EXCLUDED."count";
  END IF;
END;
$$;

CREATE FUNCTION alert_daily_count_track() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM alert_daily_count_add(OLD."companyId", OLD."sentAt", -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM alert_daily_count_add(NEW."companyId", NEW."sentAt", 1);
  END IF;
  RETURN NULL;
END;
$$;

-- Deferred to commit: the send transaction (which may take seconds for a large company) holds the day's row only while
-- it commits, so two sends of one company never wait for each other. Every path is covered: sends, drafts promoted,
-- deletes, the retention purge, a deleted company.
CREATE CONSTRAINT TRIGGER "AlertDailyCount_insert" AFTER INSERT ON "Alert"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW."sentAt" IS NOT NULL)
  EXECUTE FUNCTION alert_daily_count_track();
CREATE CONSTRAINT TRIGGER "AlertDailyCount_update" AFTER UPDATE OF "sentAt", "companyId" ON "Alert"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD."sentAt" IS DISTINCT FROM NEW."sentAt" OR OLD."companyId" IS DISTINCT FROM NEW."companyId")
  EXECUTE FUNCTION alert_daily_count_track();
CREATE CONSTRAINT TRIGGER "AlertDailyCount_delete" AFTER DELETE ON "Alert"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD."sentAt" IS NOT NULL)
  EXECUTE FUNCTION alert_daily_count_track();

-- The alerts already sent.
INSERT INTO "AlertDailyCount" ("companyId", "day", "count")
SELECT "companyId", ("sentAt" AT TIME ZONE 'Europe/Oslo')::date, count(*)::int
FROM "Alert"
WHERE "sentAt" IS NOT NULL
GROUP BY 1, 2;
