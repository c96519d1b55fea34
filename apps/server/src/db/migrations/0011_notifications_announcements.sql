CREATE TABLE "announcement_attachments" (
	"workspace_id" uuid NOT NULL,
	"announcement_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "announcement_attachments_announcement_id_file_id_pk" PRIMARY KEY("announcement_id","file_id")
);--> statement-breakpoint
CREATE TABLE "announcement_recipients" (
	"workspace_id" uuid NOT NULL,
	"announcement_id" uuid NOT NULL,
	"user_info_id" uuid NOT NULL,
	"notified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"emailed" boolean DEFAULT false NOT NULL,
	"opened_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	CONSTRAINT "announcement_recipients_announcement_id_user_info_id_pk" PRIMARY KEY("announcement_id","user_info_id")
);--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"everyone" boolean DEFAULT false NOT NULL,
	"group_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"user_info_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"requires_ack" boolean DEFAULT false NOT NULL,
	"processing_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"processed_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"recipient_count" integer,
	"reminded_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "notification_defaults" (
	"workspace_id" uuid NOT NULL,
	"category" text NOT NULL,
	"web" boolean NOT NULL,
	"app" boolean NOT NULL,
	"email" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_defaults_workspace_id_category_pk" PRIMARY KEY("workspace_id","category"),
	CONSTRAINT "notification_defaults_email_check" CHECK ("notification_defaults"."email" in ('instant', 'digest', 'off'))
);--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"workspace_id" uuid NOT NULL,
	"user_info_id" uuid NOT NULL,
	"category" text NOT NULL,
	"web" boolean NOT NULL,
	"app" boolean NOT NULL,
	"email" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_workspace_id_user_info_id_category_pk" PRIMARY KEY("workspace_id","user_info_id","category"),
	CONSTRAINT "notification_settings_email_check" CHECK ("notification_settings"."email" in ('instant', 'digest', 'off'))
);--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_info_id" uuid NOT NULL,
	"type" text NOT NULL,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" text,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"web" boolean NOT NULL,
	"app" boolean NOT NULL,
	"email" text,
	"mail_id" uuid,
	"emailed_at" timestamp with time zone,
	"dedupe_key" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_email_check" CHECK ("notifications"."email" is null or "notifications"."email" in ('instant', 'digest'))
);--> statement-breakpoint
CREATE INDEX "announcement_attachments_file_idx" ON "announcement_attachments" USING btree ("workspace_id","file_id");--> statement-breakpoint
CREATE INDEX "announcement_recipients_ws_user_idx" ON "announcement_recipients" USING btree ("workspace_id","user_info_id");--> statement-breakpoint
CREATE UNIQUE INDEX "announcements_ws_id_key" ON "announcements" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE INDEX "announcements_ws_send_idx" ON "announcements" USING btree ("workspace_id","send_at");--> statement-breakpoint
CREATE INDEX "announcements_due_idx" ON "announcements" USING btree ("send_at") WHERE "announcements"."processed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_ws_id_key" ON "notifications" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dedupe_key" ON "notifications" USING btree ("workspace_id","user_info_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "notifications_ws_user_created_idx" ON "notifications" USING btree ("workspace_id","user_info_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("workspace_id","user_info_id") WHERE "notifications"."read_at" is null and "notifications"."web";--> statement-breakpoint
CREATE INDEX "notifications_digest_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."email" = 'digest' and "notifications"."emailed_at" is null;--> statement-breakpoint
ALTER TABLE "announcement_attachments" ADD CONSTRAINT "announcement_attachments_announcement_fk" FOREIGN KEY ("workspace_id","announcement_id") REFERENCES "public"."announcements"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_attachments" ADD CONSTRAINT "announcement_attachments_file_fk" FOREIGN KEY ("workspace_id","file_id") REFERENCES "public"."files"("workspace_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_recipients" ADD CONSTRAINT "announcement_recipients_announcement_fk" FOREIGN KEY ("workspace_id","announcement_id") REFERENCES "public"."announcements"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_recipients" ADD CONSTRAINT "announcement_recipients_user_info_fk" FOREIGN KEY ("workspace_id","user_info_id") REFERENCES "public"."user_infos"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_workspace_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_defaults" ADD CONSTRAINT "notification_defaults_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_info_fk" FOREIGN KEY ("workspace_id","user_info_id") REFERENCES "public"."user_infos"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_info_fk" FOREIGN KEY ("workspace_id","user_info_id") REFERENCES "public"."user_infos"("workspace_id","id") ON DELETE cascade ON UPDATE no action;
