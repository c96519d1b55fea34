CREATE TABLE "shift_calendar_feeds" (
	"workspace_id" uuid NOT NULL,
	"user_info_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shift_calendar_feeds_workspace_id_user_info_id_pk" PRIMARY KEY("workspace_id","user_info_id")
);--> statement-breakpoint
CREATE TABLE "shift_swaps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"source_shift_id" uuid,
	"target_shift_id" uuid,
	"requester_id" uuid NOT NULL,
	"target_user_info_id" uuid NOT NULL,
	"source_version" integer NOT NULL,
	"target_version" integer NOT NULL,
	"source_snapshot" jsonb NOT NULL,
	"target_snapshot" jsonb NOT NULL,
	"note" text,
	"status" text DEFAULT 'waiting_colleague' NOT NULL,
	"target_status" text DEFAULT 'pending' NOT NULL,
	"answer_note" text,
	"answered_at" timestamp with time zone,
	"decision_note" text,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"auto_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "work_shift_assignees" (
	"workspace_id" uuid NOT NULL,
	"shift_id" uuid NOT NULL,
	"user_info_id" uuid NOT NULL,
	CONSTRAINT "work_shift_assignees_shift_id_user_info_id_pk" PRIMARY KEY("shift_id","user_info_id")
);--> statement-breakpoint
CREATE TABLE "work_shifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"date" date NOT NULL,
	"start_minutes" integer NOT NULL,
	"end_minutes" integer NOT NULL,
	"pause_minutes" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"work_minutes" integer NOT NULL,
	"label" text,
	"color" text,
	"template_id" uuid,
	"published_at" timestamp with time zone,
	"published_by" uuid,
	"swapped" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"override_note" text,
	"override_by" uuid,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_shifts_times_check" CHECK ("work_shifts"."start_minutes" between 0 and 1439 and "work_shifts"."end_minutes" between 0 and 1440),
	CONSTRAINT "work_shifts_span_check" CHECK ("work_shifts"."ends_at" > "work_shifts"."starts_at")
);--> statement-breakpoint
CREATE UNIQUE INDEX "shift_calendar_feeds_token_key" ON "shift_calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "shift_swaps_ws_id_key" ON "shift_swaps" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE INDEX "shift_swaps_ws_status_idx" ON "shift_swaps" USING btree ("workspace_id","status","created_at");--> statement-breakpoint
CREATE INDEX "shift_swaps_source_idx" ON "shift_swaps" USING btree ("source_shift_id");--> statement-breakpoint
CREATE INDEX "shift_swaps_target_idx" ON "shift_swaps" USING btree ("target_shift_id");--> statement-breakpoint
CREATE INDEX "shift_swaps_ws_requester_idx" ON "shift_swaps" USING btree ("workspace_id","requester_id");--> statement-breakpoint
CREATE INDEX "shift_swaps_ws_target_user_idx" ON "shift_swaps" USING btree ("workspace_id","target_user_info_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shift_swaps_one_open_key" ON "shift_swaps" USING btree ("source_shift_id","requester_id") WHERE "shift_swaps"."status" in ('waiting_colleague', 'waiting_admin');--> statement-breakpoint
CREATE INDEX "work_shift_assignees_ws_user_idx" ON "work_shift_assignees" USING btree ("workspace_id","user_info_id");--> statement-breakpoint
CREATE UNIQUE INDEX "work_shifts_ws_id_key" ON "work_shifts" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE INDEX "work_shifts_ws_date_idx" ON "work_shifts" USING btree ("workspace_id","date");--> statement-breakpoint
ALTER TABLE "shift_calendar_feeds" ADD CONSTRAINT "shift_calendar_feeds_user_info_fk" FOREIGN KEY ("workspace_id","user_info_id") REFERENCES "public"."user_infos"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_swaps" ADD CONSTRAINT "shift_swaps_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_swaps" ADD CONSTRAINT "shift_swaps_workspace_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_swaps" ADD CONSTRAINT "shift_swaps_source_fk" FOREIGN KEY ("source_shift_id") REFERENCES "public"."work_shifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_swaps" ADD CONSTRAINT "shift_swaps_target_fk" FOREIGN KEY ("target_shift_id") REFERENCES "public"."work_shifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_swaps" ADD CONSTRAINT "shift_swaps_requester_fk" FOREIGN KEY ("workspace_id","requester_id") REFERENCES "public"."user_infos"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_swaps" ADD CONSTRAINT "shift_swaps_target_user_fk" FOREIGN KEY ("workspace_id","target_user_info_id") REFERENCES "public"."user_infos"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_shift_assignees" ADD CONSTRAINT "work_shift_assignees_shift_fk" FOREIGN KEY ("workspace_id","shift_id") REFERENCES "public"."work_shifts"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_shift_assignees" ADD CONSTRAINT "work_shift_assignees_user_info_fk" FOREIGN KEY ("workspace_id","user_info_id") REFERENCES "public"."user_infos"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_shifts" ADD CONSTRAINT "work_shifts_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_shifts" ADD CONSTRAINT "work_shifts_override_by_users_id_fk" FOREIGN KEY ("override_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_shifts" ADD CONSTRAINT "work_shifts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_shifts" ADD CONSTRAINT "work_shifts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_shifts" ADD CONSTRAINT "work_shifts_workspace_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
