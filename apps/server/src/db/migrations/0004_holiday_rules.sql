ALTER TABLE "contract_accruals" ALTER COLUMN "monthly_increase" SET DATA TYPE numeric(10, 4);--> statement-breakpoint
ALTER TABLE "holidays" ALTER COLUMN "day" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "holidays" ALTER COLUMN "month" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "holidays_seeded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "holidays" ADD COLUMN "rule" text;--> statement-breakpoint
ALTER TABLE "holidays" ADD COLUMN "from_year" smallint;--> statement-breakpoint
ALTER TABLE "holidays" ADD CONSTRAINT "holidays_date_or_rule" CHECK (("holidays"."rule" is null and "holidays"."day" is not null and "holidays"."month" is not null) or ("holidays"."rule" is not null and "holidays"."day" is null and "holidays"."month" is null and "holidays"."year" is null));--> statement-breakpoint
-- Data (hand-written). Workspaces that already got their defaults count as seeded: the national holidays are never added again.
UPDATE "workspaces" SET "holidays_seeded_at" = now() WHERE EXISTS (SELECT 1 FROM "holidays" h WHERE h."workspace_id" = "workspaces"."id") OR EXISTS (SELECT 1 FROM "justifications" j WHERE j."workspace_id" = "workspaces"."id");--> statement-breakpoint
-- Easter Sunday (Meeus/Jones/Butcher, as in packages/shared/src/domain/easter.ts), only for this migration.
CREATE FUNCTION "timbro_0004_easter"(y integer) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT make_date(y, (h + l - 7 * m + 114) / 31, (h + l - 7 * m + 114) % 31 + 1)
  FROM (SELECT h, l, (a + 11 * h + 22 * l) / 451 AS m
    FROM (SELECT a, h, (32 + 2 * e + 2 * i - h - k) % 7 AS l
      FROM (SELECT a, e, i, k, (19 * a + b - b / 4 - (b - (b + 8) / 25 + 1) / 3 + 15) % 30 AS h
        FROM (SELECT y % 19 AS a, y / 100 AS b, (y / 100) % 4 AS e, (y % 100) / 4 AS i, (y % 100) % 4 AS k) s1) s2) s3) s4
$$;--> statement-breakpoint
-- The dated national Easter and Easter Monday rows of each workspace become one movable-feast row each (named and
-- iconed like the row of the year closest to now, in case the admin edited it); San Francesco's dated rows become
-- one recurring row from 2026.
CREATE TEMPORARY TABLE "timbro_0004_dated" AS
  SELECT h."id", h."workspace_id", h."name", h."icon", h."year",
    CASE
      WHEN h."month" = extract(month FROM "timbro_0004_easter"(h."year")) AND h."day" = extract(day FROM "timbro_0004_easter"(h."year")) THEN 'easter'
      WHEN h."month" = extract(month FROM "timbro_0004_easter"(h."year") + 1) AND h."day" = extract(day FROM "timbro_0004_easter"(h."year") + 1) THEN 'easter_monday'
      WHEN h."month" = 10 AND h."day" = 4 THEN 'san_francesco'
    END AS "target"
  FROM "holidays" h
  WHERE h."kind" = 'national' AND h."year" IS NOT NULL;--> statement-breakpoint
INSERT INTO "holidays" ("workspace_id", "name", "icon", "day", "month", "year", "kind", "rule", "from_year")
  SELECT DISTINCT ON (d."workspace_id", d."target") d."workspace_id", d."name", d."icon",
    CASE WHEN d."target" = 'san_francesco' THEN 4 END, CASE WHEN d."target" = 'san_francesco' THEN 10 END, NULL, 'national',
    CASE WHEN d."target" = 'san_francesco' THEN NULL ELSE d."target" END, CASE WHEN d."target" = 'san_francesco' THEN 2026 END
  FROM "timbro_0004_dated" d
  WHERE d."target" IS NOT NULL
  ORDER BY d."workspace_id", d."target", abs(d."year" - extract(year FROM now())), d."year" DESC;--> statement-breakpoint
DELETE FROM "holidays" WHERE "id" IN (SELECT "id" FROM "timbro_0004_dated" WHERE "target" IS NOT NULL);--> statement-breakpoint
DROP TABLE "timbro_0004_dated";--> statement-breakpoint
DROP FUNCTION "timbro_0004_easter"(integer);--> statement-breakpoint
-- Increases that were rounded to 2 decimals from a twelfth (2.17 for 26/12, 2.67 for 32/12, 1.33 for 16/12) get
-- their 4 decimals back, so a year adds up to the yearly figure again.
UPDATE "contract_accruals" SET "monthly_increase" = round(round("monthly_increase" * 12) / 12, 4)
  WHERE round(round("monthly_increase" * 12) / 12, 2) = "monthly_increase" AND round(round("monthly_increase" * 12) / 12, 4) <> "monthly_increase";
