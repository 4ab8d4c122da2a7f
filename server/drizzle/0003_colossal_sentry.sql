CREATE TABLE "face_check" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"image_url" varchar(500) NOT NULL,
	"provider" varchar(16) NOT NULL,
	"status" integer NOT NULL,
	"similarity" double precision,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grade" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"goods_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"teacher_name" varchar(30) DEFAULT '' NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"capacity" integer DEFAULT 200 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grade_member" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"grade_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "handout" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"goods_id" integer NOT NULL,
	"course_id" integer,
	"name" varchar(100) NOT NULL,
	"file_key" varchar(500) NOT NULL,
	"file_type" varchar(8) NOT NULL,
	"size" integer NOT NULL,
	"free" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "handout_tip" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_cert" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"real_name" varchar(30) NOT NULL,
	"id_card" varchar(18) NOT NULL,
	"id_card_image" varchar(500) NOT NULL,
	"face_image" varchar(500) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"provider" varchar(16) NOT NULL,
	"similarity" double precision,
	"msg" varchar(200) DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photo_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"goods_id" integer,
	"section_id" integer,
	"session_id" varchar(64),
	"record_id" integer,
	"scene" varchar(16) NOT NULL,
	"position" double precision DEFAULT 0 NOT NULL,
	"image_url" varchar(500) NOT NULL,
	"review_status" integer DEFAULT 1 NOT NULL,
	"similarity" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "play_session" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"opened_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_report_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_position" double precision DEFAULT 0 NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "study_interval" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"session_id" varchar(64) NOT NULL,
	"start_position" double precision NOT NULL,
	"end_position" double precision NOT NULL,
	"wall_start" timestamp (3) with time zone NOT NULL,
	"wall_end" timestamp (3) with time zone NOT NULL,
	"credited_seconds" double precision DEFAULT 0 NOT NULL,
	"accepted" boolean NOT NULL,
	"abnormal_kind" varchar(16),
	"detail" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "study_progress" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"position" double precision DEFAULT 0 NOT NULL,
	"furthest" double precision DEFAULT 0 NOT NULL,
	"credited_seconds" integer DEFAULT 0 NOT NULL,
	"coverage" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "upload_object" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" integer,
	"key" varchar(500) NOT NULL,
	"size" integer NOT NULL,
	"mime_type" varchar(100) NOT NULL,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course" ADD COLUMN "intro" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "course_section" ADD COLUMN "video_id" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "anti_skip" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "photo_at_start" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "photo_random_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "goods_course" ADD COLUMN "required" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "face_check" ADD CONSTRAINT "face_check_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_check" ADD CONSTRAINT "face_check_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade" ADD CONSTRAINT "grade_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade" ADD CONSTRAINT "grade_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_member" ADD CONSTRAINT "grade_member_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_member" ADD CONSTRAINT "grade_member_grade_id_grade_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grade"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_member" ADD CONSTRAINT "grade_member_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_member" ADD CONSTRAINT "grade_member_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handout" ADD CONSTRAINT "handout_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handout" ADD CONSTRAINT "handout_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handout" ADD CONSTRAINT "handout_course_id_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."course"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handout_tip" ADD CONSTRAINT "handout_tip_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handout_tip" ADD CONSTRAINT "handout_tip_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handout_tip" ADD CONSTRAINT "handout_tip_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_cert" ADD CONSTRAINT "identity_cert_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_cert" ADD CONSTRAINT "identity_cert_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_log" ADD CONSTRAINT "photo_log_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_log" ADD CONSTRAINT "photo_log_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_session" ADD CONSTRAINT "play_session_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_session" ADD CONSTRAINT "play_session_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_session" ADD CONSTRAINT "play_session_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_session" ADD CONSTRAINT "play_session_section_id_course_section_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."course_section"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_interval" ADD CONSTRAINT "study_interval_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_interval" ADD CONSTRAINT "study_interval_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_interval" ADD CONSTRAINT "study_interval_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_interval" ADD CONSTRAINT "study_interval_section_id_course_section_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."course_section"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_progress" ADD CONSTRAINT "study_progress_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_progress" ADD CONSTRAINT "study_progress_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_progress" ADD CONSTRAINT "study_progress_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_progress" ADD CONSTRAINT "study_progress_course_id_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."course"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_progress" ADD CONSTRAINT "study_progress_section_id_course_section_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."course_section"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_object" ADD CONSTRAINT "upload_object_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_object" ADD CONSTRAINT "upload_object_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "face_check_user_idx" ON "face_check" USING btree ("tenant_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "grade_goods_idx" ON "grade" USING btree ("tenant_id","goods_id");--> statement-breakpoint
CREATE UNIQUE INDEX "grade_member_uq" ON "grade_member" USING btree ("tenant_id","goods_id","user_id");--> statement-breakpoint
CREATE INDEX "grade_member_grade_idx" ON "grade_member" USING btree ("tenant_id","grade_id");--> statement-breakpoint
CREATE INDEX "handout_goods_idx" ON "handout" USING btree ("tenant_id","goods_id");--> statement-breakpoint
CREATE UNIQUE INDEX "handout_tip_uq" ON "handout_tip" USING btree ("tenant_id","user_id","goods_id");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_cert_uq" ON "identity_cert" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "photo_log_user_idx" ON "photo_log" USING btree ("tenant_id","user_id","goods_id","section_id");--> statement-breakpoint
CREATE INDEX "play_session_user_idx" ON "play_session" USING btree ("tenant_id","user_id","last_report_at");--> statement-breakpoint
CREATE INDEX "study_interval_user_idx" ON "study_interval" USING btree ("tenant_id","user_id","wall_end");--> statement-breakpoint
CREATE INDEX "study_interval_goods_idx" ON "study_interval" USING btree ("tenant_id","user_id","goods_id","accepted");--> statement-breakpoint
CREATE UNIQUE INDEX "study_progress_uq" ON "study_progress" USING btree ("tenant_id","user_id","goods_id","section_id");--> statement-breakpoint
CREATE INDEX "study_progress_recent_idx" ON "study_progress" USING btree ("tenant_id","user_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "upload_object_key_uq" ON "upload_object" USING btree ("key");--> statement-breakpoint
CREATE INDEX "upload_object_user_idx" ON "upload_object" USING btree ("tenant_id","user_id");