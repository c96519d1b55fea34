CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_info_id" uuid NOT NULL,
	"label" text NOT NULL,
	"description" text,
	"file_id" uuid NOT NULL,
	"expires_at" date,
	"note" text,
	"attachment_first_open_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "paychecks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_info_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"description" text,
	"net_amount" numeric(12, 2) NOT NULL,
	"currency_code" text DEFAULT 'EUR' NOT NULL,
	"file_id" uuid NOT NULL,
	"attachment_first_open_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paychecks_month_check" CHECK ("paychecks"."month" between 1 and 12),
	CONSTRAINT "paychecks_amount_check" CHECK ("paychecks"."net_amount" >= 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX "documents_ws_id_key" ON "documents" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE INDEX "documents_ws_user_idx" ON "documents" USING btree ("workspace_id","user_info_id");--> statement-breakpoint
CREATE INDEX "documents_ws_expires_idx" ON "documents" USING btree ("workspace_id","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "paychecks_ws_id_key" ON "paychecks" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE INDEX "paychecks_ws_user_period_idx" ON "paychecks" USING btree ("workspace_id","user_info_id","year","month");--> statement-breakpoint
CREATE INDEX "paychecks_ws_period_idx" ON "paychecks" USING btree ("workspace_id","year","month");--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_user_info_fk" FOREIGN KEY ("workspace_id","user_info_id") REFERENCES "public"."user_infos"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_file_fk" FOREIGN KEY ("workspace_id","file_id") REFERENCES "public"."files"("workspace_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paychecks" ADD CONSTRAINT "paychecks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paychecks" ADD CONSTRAINT "paychecks_user_info_fk" FOREIGN KEY ("workspace_id","user_info_id") REFERENCES "public"."user_infos"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paychecks" ADD CONSTRAINT "paychecks_file_fk" FOREIGN KEY ("workspace_id","file_id") REFERENCES "public"."files"("workspace_id","id") ON DELETE no action ON UPDATE no action;
