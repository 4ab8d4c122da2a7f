CREATE TABLE "appointment_reminder" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"appointment_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"reminded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inform_notice" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"title" varchar(200) NOT NULL,
	"content" text NOT NULL,
	"sender_id" integer,
	"recipients" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointment_reminder" ADD CONSTRAINT "appointment_reminder_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_reminder" ADD CONSTRAINT "appointment_reminder_appointment_id_appointment_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_reminder" ADD CONSTRAINT "appointment_reminder_session_id_apply_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."apply_session"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inform_notice" ADD CONSTRAINT "inform_notice_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inform_notice" ADD CONSTRAINT "inform_notice_sender_id_sys_user_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_reminder_uq" ON "appointment_reminder" USING btree ("tenant_id","appointment_id","session_id");--> statement-breakpoint
CREATE INDEX "inform_notice_list_idx" ON "inform_notice" USING btree ("tenant_id","created_at");