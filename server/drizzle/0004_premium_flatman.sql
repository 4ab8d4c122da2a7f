CREATE TABLE "apply_area" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"name" varchar(50) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "apply_session" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"site_id" integer NOT NULL,
	"exam_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "apply_site" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"city_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"address" varchar(200) DEFAULT '' NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointment" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"exam_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"reschedule_num" integer DEFAULT 0 NOT NULL,
	"signature_url" varchar(500) DEFAULT '' NOT NULL,
	"signed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificate" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"exam_id" integer NOT NULL,
	"record_id" integer NOT NULL,
	"serial" varchar(32) NOT NULL,
	"real_name" varchar(30) NOT NULL,
	"exam_name" varchar(100) NOT NULL,
	"score" double precision NOT NULL,
	"pass_score" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "certificate_serial_unique" UNIQUE("serial")
);
--> statement-breakpoint
CREATE TABLE "exam" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"kind" varchar(8) NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"goods_id" integer,
	"paper_id" integer NOT NULL,
	"business_id" integer,
	"subject_id" integer,
	"duration_seconds" integer NOT NULL,
	"max_attempts" integer DEFAULT 0 NOT NULL,
	"open_at" timestamp with time zone,
	"close_at" timestamp with time zone,
	"apply_open_at" timestamp with time zone,
	"apply_close_at" timestamp with time zone,
	"require_courses" boolean DEFAULT false NOT NULL,
	"require_identity" boolean DEFAULT false NOT NULL,
	"require_info_confirm" boolean DEFAULT false NOT NULL,
	"require_appointment" boolean DEFAULT false NOT NULL,
	"certificate" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "info_confirm" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"real_name" varchar(30) NOT NULL,
	"id_card" varchar(18) NOT NULL,
	"tel_phone" varchar(11) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mock_subscribe" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"exam_id" integer NOT NULL,
	"real_name" varchar(30) NOT NULL,
	"id_card" varchar(18) NOT NULL,
	"tel_phone" varchar(11) NOT NULL,
	"subject_id" integer,
	"site_id" integer,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_record" ADD COLUMN "exam_id" integer;--> statement-breakpoint
ALTER TABLE "bank_record" ADD COLUMN "deadline_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_record" ADD COLUMN "auto_submitted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "apply_area" ADD CONSTRAINT "apply_area_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apply_session" ADD CONSTRAINT "apply_session_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apply_session" ADD CONSTRAINT "apply_session_site_id_apply_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."apply_site"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apply_session" ADD CONSTRAINT "apply_session_exam_id_exam_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exam"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apply_site" ADD CONSTRAINT "apply_site_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apply_site" ADD CONSTRAINT "apply_site_city_id_apply_area_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."apply_area"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_exam_id_exam_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exam"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_session_id_apply_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."apply_session"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate" ADD CONSTRAINT "certificate_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate" ADD CONSTRAINT "certificate_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate" ADD CONSTRAINT "certificate_exam_id_exam_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exam"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate" ADD CONSTRAINT "certificate_record_id_bank_record_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."bank_record"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam" ADD CONSTRAINT "exam_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam" ADD CONSTRAINT "exam_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam" ADD CONSTRAINT "exam_paper_id_paper_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."paper"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "info_confirm" ADD CONSTRAINT "info_confirm_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "info_confirm" ADD CONSTRAINT "info_confirm_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mock_subscribe" ADD CONSTRAINT "mock_subscribe_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mock_subscribe" ADD CONSTRAINT "mock_subscribe_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mock_subscribe" ADD CONSTRAINT "mock_subscribe_exam_id_exam_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exam"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "apply_area_parent_idx" ON "apply_area" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE INDEX "apply_session_exam_idx" ON "apply_session" USING btree ("tenant_id","exam_id","kind","start_at");--> statement-breakpoint
CREATE INDEX "apply_site_city_idx" ON "apply_site" USING btree ("tenant_id","city_id");--> statement-breakpoint
CREATE INDEX "appointment_user_idx" ON "appointment" USING btree ("tenant_id","user_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_active_uq" ON "appointment" USING btree ("tenant_id","user_id","exam_id","kind") WHERE "appointment"."status" = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_exam_uq" ON "certificate" USING btree ("tenant_id","user_id","exam_id");--> statement-breakpoint
CREATE INDEX "exam_kind_idx" ON "exam" USING btree ("tenant_id","kind","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "info_confirm_uq" ON "info_confirm" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mock_subscribe_active_uq" ON "mock_subscribe" USING btree ("tenant_id","user_id","exam_id") WHERE "mock_subscribe"."status" = 1;--> statement-breakpoint
CREATE INDEX "bank_record_exam_idx" ON "bank_record" USING btree ("tenant_id","exam_id","user_id");--> statement-breakpoint
CREATE INDEX "bank_record_deadline_idx" ON "bank_record" USING btree ("deadline_at") WHERE "bank_record"."submitted_at" is null and "bank_record"."deadline_at" is not null;