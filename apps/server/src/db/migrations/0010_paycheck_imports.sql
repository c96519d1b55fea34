CREATE TABLE "paycheck_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"sha256" text NOT NULL,
	"file_name" text NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"pages_done" integer DEFAULT 0 NOT NULL,
	"pages_total" integer DEFAULT 0 NOT NULL,
	"pages" jsonb,
	"choices" jsonb,
	"published_count" integer,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"created_by" uuid,
	"published_by" uuid,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paycheck_imports_month_check" CHECK ("paycheck_imports"."month" between 1 and 12)
);--> statement-breakpoint
CREATE UNIQUE INDEX "paycheck_imports_ws_id_key" ON "paycheck_imports" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE INDEX "paycheck_imports_ws_created_idx" ON "paycheck_imports" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "paycheck_imports_ws_sha_idx" ON "paycheck_imports" USING btree ("workspace_id","sha256");--> statement-breakpoint
CREATE INDEX "paycheck_imports_runnable_idx" ON "paycheck_imports" USING btree ("created_at") WHERE "paycheck_imports"."status" in ('waiting', 'analysing', 'publishing');--> statement-breakpoint
ALTER TABLE "paycheck_imports" ADD CONSTRAINT "paycheck_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paycheck_imports" ADD CONSTRAINT "paycheck_imports_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paycheck_imports" ADD CONSTRAINT "paycheck_imports_file_fk" FOREIGN KEY ("workspace_id","file_id") REFERENCES "public"."files"("workspace_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paycheck_imports" ADD CONSTRAINT "paycheck_imports_workspace_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
