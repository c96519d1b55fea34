-- Issue 30 item 3 (ADR 0022): a calendar link has a lifetime and records when it was last read; absences show their
-- type only when the person chooses it. Links made before this migration get twelve months from their creation.
ALTER TABLE "shift_calendar_feeds" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "shift_calendar_feeds" SET "expires_at" = "created_at" + interval '12 months';--> statement-breakpoint
ALTER TABLE "shift_calendar_feeds" ALTER COLUMN "expires_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "shift_calendar_feeds" ADD COLUMN "last_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shift_calendar_feeds" ADD COLUMN "show_absence_type" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A link must not outlive its owner: the links of a disabled or unanswered membership, of a disabled account and of a
-- disabled company are deleted (from now on, disabling deletes them in the same transaction).
DELETE FROM "shift_calendar_feeds" f
  USING "user_infos" ui, "users" u, "workspaces" w
  WHERE ui."workspace_id" = f."workspace_id" AND ui."id" = f."user_info_id" AND u."id" = ui."user_id"
    AND w."id" = f."workspace_id"
    AND (NOT ui."enabled" OR ui."invitation_status" <> 'accepted' OR NOT u."enabled" OR w."disabled_at" IS NOT NULL);
