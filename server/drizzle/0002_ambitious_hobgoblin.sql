CREATE TABLE "bank" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"goods_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_chapter" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"bank_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_record" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"mode" varchar(16) NOT NULL,
	"scope" varchar(16) NOT NULL,
	"scope_key" varchar(64) NOT NULL,
	"title" varchar(200) DEFAULT '' NOT NULL,
	"bank_id" integer,
	"chapter_id" integer,
	"paper_id" integer,
	"question_ids" integer[] NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"report" jsonb
);
--> statement-breakpoint
CREATE TABLE "collect_question" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_set" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"day" varchar(10) NOT NULL,
	"bank_id" integer DEFAULT 0 NOT NULL,
	"question_ids" integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paper" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"bank_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"free" boolean DEFAULT false NOT NULL,
	"pass_score" double precision DEFAULT 0 NOT NULL,
	"duration_minutes" integer DEFAULT 60 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paper_question" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"paper_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"bank_id" integer NOT NULL,
	"chapter_id" integer,
	"type" integer NOT NULL,
	"title" text NOT NULL,
	"options_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ans" text DEFAULT '' NOT NULL,
	"analysis" text DEFAULT '' NOT NULL,
	"score" double precision DEFAULT 1 NOT NULL,
	"part_score" double precision,
	"json_str" text DEFAULT '' NOT NULL,
	"difficulty" integer DEFAULT 2 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "record_answer" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"record_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"ques" jsonb,
	"answered_at" timestamp (3) with time zone NOT NULL,
	"state" varchar(12),
	"earned" double precision
);
--> statement-breakpoint
CREATE TABLE "wrong_question" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"card" jsonb NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"reps" integer DEFAULT 0 NOT NULL,
	"lapses" integer DEFAULT 0 NOT NULL,
	"consecutive_right" integer DEFAULT 0 NOT NULL,
	"stability" double precision DEFAULT 0 NOT NULL,
	"last_review_at" timestamp (3) with time zone,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	"removed_reason" varchar(16)
);
--> statement-breakpoint
ALTER TABLE "bank" ADD CONSTRAINT "bank_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank" ADD CONSTRAINT "bank_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_chapter" ADD CONSTRAINT "bank_chapter_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_chapter" ADD CONSTRAINT "bank_chapter_bank_id_bank_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."bank"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_record" ADD CONSTRAINT "bank_record_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_record" ADD CONSTRAINT "bank_record_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collect_question" ADD CONSTRAINT "collect_question_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collect_question" ADD CONSTRAINT "collect_question_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collect_question" ADD CONSTRAINT "collect_question_question_id_question_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."question"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_set" ADD CONSTRAINT "daily_set_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_set" ADD CONSTRAINT "daily_set_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper" ADD CONSTRAINT "paper_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper" ADD CONSTRAINT "paper_bank_id_bank_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."bank"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_question" ADD CONSTRAINT "paper_question_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_question" ADD CONSTRAINT "paper_question_paper_id_paper_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."paper"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_question" ADD CONSTRAINT "paper_question_question_id_question_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."question"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question" ADD CONSTRAINT "question_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question" ADD CONSTRAINT "question_bank_id_bank_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."bank"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question" ADD CONSTRAINT "question_chapter_id_bank_chapter_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."bank_chapter"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_answer" ADD CONSTRAINT "record_answer_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_answer" ADD CONSTRAINT "record_answer_record_id_bank_record_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."bank_record"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_answer" ADD CONSTRAINT "record_answer_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_answer" ADD CONSTRAINT "record_answer_question_id_question_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."question"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wrong_question" ADD CONSTRAINT "wrong_question_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wrong_question" ADD CONSTRAINT "wrong_question_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wrong_question" ADD CONSTRAINT "wrong_question_question_id_question_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."question"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_goods_idx" ON "bank" USING btree ("tenant_id","goods_id");--> statement-breakpoint
CREATE INDEX "bank_chapter_bank_idx" ON "bank_chapter" USING btree ("tenant_id","bank_id");--> statement-breakpoint
CREATE INDEX "bank_record_user_idx" ON "bank_record" USING btree ("tenant_id","user_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_record_open_uq" ON "bank_record" USING btree ("tenant_id","user_id","mode","scope_key") WHERE "bank_record"."submitted_at" is null and "bank_record"."scope" <> 'random';--> statement-breakpoint
CREATE UNIQUE INDEX "collect_question_uq" ON "collect_question" USING btree ("tenant_id","user_id","question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "daily_set_uq" ON "daily_set" USING btree ("tenant_id","user_id","day","bank_id");--> statement-breakpoint
CREATE INDEX "paper_bank_idx" ON "paper" USING btree ("tenant_id","bank_id");--> statement-breakpoint
CREATE UNIQUE INDEX "paper_question_uq" ON "paper_question" USING btree ("tenant_id","paper_id","question_id");--> statement-breakpoint
CREATE INDEX "question_chapter_idx" ON "question" USING btree ("tenant_id","chapter_id","sort");--> statement-breakpoint
CREATE INDEX "question_bank_idx" ON "question" USING btree ("tenant_id","bank_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "record_answer_uq" ON "record_answer" USING btree ("tenant_id","record_id","question_id");--> statement-breakpoint
CREATE INDEX "record_answer_user_idx" ON "record_answer" USING btree ("tenant_id","user_id","answered_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wrong_question_uq" ON "wrong_question" USING btree ("tenant_id","user_id","question_id");--> statement-breakpoint
CREATE INDEX "wrong_question_due_idx" ON "wrong_question" USING btree ("tenant_id","user_id","due");