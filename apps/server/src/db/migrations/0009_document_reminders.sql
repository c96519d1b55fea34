CREATE TABLE "document_reminders" (
	"workspace_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"offset_days" integer NOT NULL,
	"due_on" date NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "document_reminders_document_id_offset_days_pk" PRIMARY KEY("document_id","offset_days")
);--> statement-breakpoint
CREATE TABLE "document_settings" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"reminder_days" integer[] DEFAULT '{30,7,0}'::integer[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "document_reminders_due_idx" ON "document_reminders" USING btree ("due_on") WHERE "document_reminders"."sent_at" is null;--> statement-breakpoint
ALTER TABLE "document_reminders" ADD CONSTRAINT "document_reminders_document_fk" FOREIGN KEY ("workspace_id","document_id") REFERENCES "public"."documents"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_settings" ADD CONSTRAINT "document_settings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
