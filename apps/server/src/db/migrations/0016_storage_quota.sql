ALTER TABLE "workspaces" ADD COLUMN "storage_quota_mb" integer DEFAULT 2048 NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "storage_quota_files" integer DEFAULT 20000 NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_storage_quota_check" CHECK ("workspaces"."storage_quota_mb" > 0 and "workspaces"."storage_quota_files" > 0);