CREATE TABLE "month_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"end_of_month" date NOT NULL,
	"user_info_id" uuid,
	"date" date NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"action" text NOT NULL,
	"actor_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "month_log_lines" (
	"workspace_id" uuid NOT NULL,
	"month_log_id" uuid NOT NULL,
	"user_info_id" uuid NOT NULL,
	"date" date NOT NULL,
	"item" text NOT NULL,
	"minutes" integer NOT NULL,
	CONSTRAINT "month_log_lines_month_log_id_user_info_id_date_item_pk" PRIMARY KEY("month_log_id","user_info_id","date","item")
);--> statement-breakpoint
CREATE TABLE "month_log_sheets" (
	"workspace_id" uuid NOT NULL,
	"month_log_id" uuid NOT NULL,
	"user_info_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"days" jsonb NOT NULL,
	"totals" jsonb NOT NULL,
	"balances" jsonb NOT NULL,
	CONSTRAINT "month_log_sheets_month_log_id_user_info_id_pk" PRIMARY KEY("month_log_id","user_info_id")
);--> statement-breakpoint
CREATE TABLE "month_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"end_of_month" date NOT NULL,
	"version_number" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"error" text,
	"precheck" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"forced" boolean DEFAULT false NOT NULL,
	"totals" jsonb,
	"created_by" uuid,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"reopened_at" timestamp with time zone,
	"reopened_by" uuid,
	"reopen_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "month_logs_status_check" CHECK ("month_logs"."status" in ('waiting', 'in_progress', 'completed', 'failed'))
);--> statement-breakpoint
CREATE TABLE "payroll_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"month_log_id" uuid NOT NULL,
	"base_month_log_id" uuid,
	"profile" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"body" "bytea" NOT NULL,
	"rows" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "payroll_settings" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"company_code" text,
	"branch_code" text,
	"worked_code" text,
	"overtime_code" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "month_changes_month_idx" ON "month_changes" USING btree ("workspace_id","end_of_month","created_at");--> statement-breakpoint
CREATE INDEX "month_log_lines_workspace_idx" ON "month_log_lines" USING btree ("workspace_id","month_log_id");--> statement-breakpoint
CREATE INDEX "month_log_sheets_workspace_idx" ON "month_log_sheets" USING btree ("workspace_id","month_log_id");--> statement-breakpoint
CREATE UNIQUE INDEX "month_logs_workspace_id_key" ON "month_logs" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "month_logs_version_key" ON "month_logs" USING btree ("workspace_id","end_of_month","version_number");--> statement-breakpoint
CREATE UNIQUE INDEX "month_logs_running_key" ON "month_logs" USING btree ("workspace_id","end_of_month") WHERE "month_logs"."status" in ('waiting', 'in_progress');--> statement-breakpoint
CREATE INDEX "month_logs_status_idx" ON "month_logs" USING btree ("status","heartbeat_at");--> statement-breakpoint
CREATE INDEX "payroll_exports_month_log_idx" ON "payroll_exports" USING btree ("workspace_id","month_log_id","created_at");--> statement-breakpoint
ALTER TABLE "month_changes" ADD CONSTRAINT "month_changes_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_log_lines" ADD CONSTRAINT "month_log_lines_month_log_fk" FOREIGN KEY ("workspace_id","month_log_id") REFERENCES "public"."month_logs"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_log_sheets" ADD CONSTRAINT "month_log_sheets_month_log_fk" FOREIGN KEY ("workspace_id","month_log_id") REFERENCES "public"."month_logs"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_logs" ADD CONSTRAINT "month_logs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_exports" ADD CONSTRAINT "payroll_exports_month_log_fk" FOREIGN KEY ("workspace_id","month_log_id") REFERENCES "public"."month_logs"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_settings" ADD CONSTRAINT "payroll_settings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
