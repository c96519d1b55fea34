CREATE TABLE "accrual_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_info_id" uuid NOT NULL,
	"justification_id" uuid NOT NULL,
	"entry_date" date NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"kind" text NOT NULL,
	"contract_id" uuid,
	"period" text,
	"rule" text,
	"reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "contract_accruals" (
	"workspace_id" uuid NOT NULL,
	"contract_id" uuid NOT NULL,
	"justification_id" uuid NOT NULL,
	"monthly_increase" numeric(8, 2) NOT NULL,
	CONSTRAINT "contract_accruals_contract_id_justification_id_pk" PRIMARY KEY("contract_id","justification_id")
);--> statement-breakpoint
CREATE TABLE "contract_time_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"contract_id" uuid NOT NULL,
	"weekday" smallint NOT NULL,
	"starts_at_minutes" smallint NOT NULL,
	"ends_at_minutes" smallint NOT NULL,
	"pause_starts_at_minutes" smallint,
	"pause_ends_at_minutes" smallint,
	"description" text,
	"description_color_rgb" text
);--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_info_id" uuid NOT NULL,
	"type" text NOT NULL,
	"worker_type" text NOT NULL,
	"qualification" text,
	"ccnl_level" text,
	"description" text,
	"starts_at" date NOT NULL,
	"ends_at" date,
	"permanent" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contracts_end_after_start" CHECK ("contracts"."ends_at" is null or "contracts"."ends_at" >= "contracts"."starts_at")
);--> statement-breakpoint
CREATE TABLE "holidays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"icon" text NOT NULL,
	"day" smallint NOT NULL,
	"month" smallint NOT NULL,
	"year" smallint,
	"kind" text DEFAULT 'company' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "justification_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"summarizeable" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "justifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"group_id" uuid,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"impact" text NOT NULL,
	"unit" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"requires_certificate" boolean DEFAULT false NOT NULL,
	"payroll_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "template_day_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"template_day_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"starts_at_minutes" smallint NOT NULL,
	"ends_at_minutes" smallint NOT NULL,
	"pause_starts_at_minutes" smallint,
	"pause_ends_at_minutes" smallint,
	"description" text,
	"description_color_rgb" text
);--> statement-breakpoint
CREATE TABLE "template_days" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "template_week_days" (
	"workspace_id" uuid NOT NULL,
	"template_week_id" uuid NOT NULL,
	"weekday" smallint NOT NULL,
	"template_day_id" uuid NOT NULL,
	CONSTRAINT "template_week_days_template_week_id_weekday_pk" PRIMARY KEY("template_week_id","weekday")
);--> statement-breakpoint
CREATE TABLE "template_weeks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "accrual_entries_balance_idx" ON "accrual_entries" USING btree ("workspace_id","user_info_id","justification_id","entry_date");--> statement-breakpoint
CREATE UNIQUE INDEX "accrual_entries_monthly_key" ON "accrual_entries" USING btree ("workspace_id","contract_id","justification_id","period") WHERE "accrual_entries"."kind" = 'accrual';--> statement-breakpoint
CREATE INDEX "contract_time_slots_contract_idx" ON "contract_time_slots" USING btree ("workspace_id","contract_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_ws_id_key" ON "contracts" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE INDEX "contracts_ws_user_idx" ON "contracts" USING btree ("workspace_id","user_info_id","starts_at");--> statement-breakpoint
CREATE INDEX "contracts_ws_ends_idx" ON "contracts" USING btree ("workspace_id","ends_at");--> statement-breakpoint
CREATE INDEX "holidays_ws_idx" ON "holidays" USING btree ("workspace_id","month","day");--> statement-breakpoint
CREATE UNIQUE INDEX "holidays_ws_patron_key" ON "holidays" USING btree ("workspace_id") WHERE "holidays"."kind" = 'patron';--> statement-breakpoint
CREATE UNIQUE INDEX "justification_groups_ws_name_key" ON "justification_groups" USING btree ("workspace_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "justification_groups_ws_id_key" ON "justification_groups" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "justifications_ws_code_key" ON "justifications" USING btree ("workspace_id",upper("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "justifications_ws_id_key" ON "justifications" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE INDEX "template_day_slots_day_idx" ON "template_day_slots" USING btree ("workspace_id","template_day_id");--> statement-breakpoint
CREATE UNIQUE INDEX "template_days_ws_id_key" ON "template_days" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "template_days_ws_name_key" ON "template_days" USING btree ("workspace_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "template_weeks_ws_id_key" ON "template_weeks" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "template_weeks_ws_name_key" ON "template_weeks" USING btree ("workspace_id",lower("name"));--> statement-breakpoint
ALTER TABLE "accrual_entries" ADD CONSTRAINT "accrual_entries_user_info_fk" FOREIGN KEY ("workspace_id","user_info_id") REFERENCES "public"."user_infos"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accrual_entries" ADD CONSTRAINT "accrual_entries_justification_fk" FOREIGN KEY ("workspace_id","justification_id") REFERENCES "public"."justifications"("workspace_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_accruals" ADD CONSTRAINT "contract_accruals_contract_fk" FOREIGN KEY ("workspace_id","contract_id") REFERENCES "public"."contracts"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_accruals" ADD CONSTRAINT "contract_accruals_justification_fk" FOREIGN KEY ("workspace_id","justification_id") REFERENCES "public"."justifications"("workspace_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_time_slots" ADD CONSTRAINT "contract_time_slots_contract_fk" FOREIGN KEY ("workspace_id","contract_id") REFERENCES "public"."contracts"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_user_info_fk" FOREIGN KEY ("workspace_id","user_info_id") REFERENCES "public"."user_infos"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holidays" ADD CONSTRAINT "holidays_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "justification_groups" ADD CONSTRAINT "justification_groups_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "justifications" ADD CONSTRAINT "justifications_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "justifications" ADD CONSTRAINT "justifications_group_fk" FOREIGN KEY ("workspace_id","group_id") REFERENCES "public"."justification_groups"("workspace_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_day_slots" ADD CONSTRAINT "template_day_slots_day_fk" FOREIGN KEY ("workspace_id","template_day_id") REFERENCES "public"."template_days"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_days" ADD CONSTRAINT "template_days_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_week_days" ADD CONSTRAINT "template_week_days_week_fk" FOREIGN KEY ("workspace_id","template_week_id") REFERENCES "public"."template_weeks"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_week_days" ADD CONSTRAINT "template_week_days_day_fk" FOREIGN KEY ("workspace_id","template_day_id") REFERENCES "public"."template_days"("workspace_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_weeks" ADD CONSTRAINT "template_weeks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
