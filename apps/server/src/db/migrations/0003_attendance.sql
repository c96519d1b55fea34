CREATE TABLE "justification_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_info_id" uuid NOT NULL,
	"justification_id" uuid NOT NULL,
	"date" date NOT NULL,
	"category" text NOT NULL,
	"whole_day" boolean DEFAULT false NOT NULL,
	"starts_at_minutes" smallint,
	"ends_at_minutes" smallint,
	"amount" numeric(8, 2) NOT NULL,
	"certificate_code" text,
	"note" text,
	"status" text NOT NULL,
	"batch_id" uuid,
	"created_by" uuid,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "justification_requests_range" CHECK ("justification_requests"."starts_at_minutes" is null or "justification_requests"."ends_at_minutes" is null or "justification_requests"."ends_at_minutes" > "justification_requests"."starts_at_minutes")
);
--> statement-breakpoint
CREATE TABLE "punches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_info_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"local_date" date NOT NULL,
	"direction" text NOT NULL,
	"source" text NOT NULL,
	"recorded_by" uuid,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accrual_entries" ADD COLUMN "request_id" uuid;--> statement-breakpoint
ALTER TABLE "justification_requests" ADD CONSTRAINT "justification_requests_user_info_fk" FOREIGN KEY ("workspace_id","user_info_id") REFERENCES "public"."user_infos"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "justification_requests" ADD CONSTRAINT "justification_requests_justification_fk" FOREIGN KEY ("workspace_id","justification_id") REFERENCES "public"."justifications"("workspace_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punches" ADD CONSTRAINT "punches_user_info_fk" FOREIGN KEY ("workspace_id","user_info_id") REFERENCES "public"."user_infos"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "justification_requests_ws_id_key" ON "justification_requests" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE INDEX "justification_requests_ws_user_date_idx" ON "justification_requests" USING btree ("workspace_id","user_info_id","date");--> statement-breakpoint
CREATE INDEX "justification_requests_ws_status_idx" ON "justification_requests" USING btree ("workspace_id","status","date");--> statement-breakpoint
CREATE INDEX "justification_requests_ws_date_idx" ON "justification_requests" USING btree ("workspace_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "punches_ws_id_key" ON "punches" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE INDEX "punches_ws_user_date_idx" ON "punches" USING btree ("workspace_id","user_info_id","local_date");--> statement-breakpoint
CREATE INDEX "punches_ws_date_idx" ON "punches" USING btree ("workspace_id","local_date");--> statement-breakpoint
CREATE UNIQUE INDEX "accrual_entries_usage_key" ON "accrual_entries" USING btree ("workspace_id","request_id") WHERE "accrual_entries"."kind" = 'usage';