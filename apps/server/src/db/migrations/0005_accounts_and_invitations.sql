CREATE TABLE "login_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "users_fiscal_code_key";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "fiscal_code_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "created_by_workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "user_infos" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "user_infos" ADD COLUMN "last_name" text;--> statement-breakpoint
ALTER TABLE "user_infos" ADD COLUMN "fiscal_code" text;--> statement-breakpoint
ALTER TABLE "user_infos" ADD COLUMN "invitation_status" text DEFAULT 'accepted' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_infos" ADD COLUMN "invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_infos" ADD COLUMN "responded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "login_failures_last_idx" ON "login_failures" USING btree ("last_failure_at");--> statement-breakpoint
CREATE INDEX "users_fiscal_code_idx" ON "users" USING btree ("fiscal_code");--> statement-breakpoint
CREATE UNIQUE INDEX "user_infos_workspace_fiscal_code_key" ON "user_infos" USING btree ("workspace_id","fiscal_code");--> statement-breakpoint
ALTER TABLE "user_infos" ADD CONSTRAINT "user_infos_invitation_status_check" CHECK ("user_infos"."invitation_status" in ('pending', 'accepted', 'declined'));--> statement-breakpoint
-- Data (hand-written, ADR 0015). Every employee record takes the names and fiscal code its account had; from now on
-- the workspace edits its own copy. Existing memberships were made by admins and are accepted.
UPDATE "user_infos" SET "first_name" = u."first_name", "last_name" = u."last_name", "fiscal_code" = u."fiscal_code" FROM "users" u WHERE u."id" = "user_infos"."user_id";--> statement-breakpoint
ALTER TABLE "user_infos" ALTER COLUMN "first_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "user_infos" ALTER COLUMN "last_name" SET NOT NULL;--> statement-breakpoint
-- Accounts that already have a password set it through a link or signed up before this release: their address counts
-- as verified; the fiscal code of an account with a membership was entered or seen by that workspace's admin.
UPDATE "users" SET "email_verified_at" = now() WHERE "password_hash" IS NOT NULL;--> statement-breakpoint
UPDATE "users" SET "fiscal_code_verified_at" = now() WHERE "fiscal_code" IS NOT NULL AND EXISTS (SELECT 1 FROM "user_infos" ui WHERE ui."user_id" = "users"."id");
