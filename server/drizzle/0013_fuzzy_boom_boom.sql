CREATE TABLE "study_plan" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"name" varchar(30) NOT NULL,
	"start_date" varchar(10) NOT NULL,
	"end_date" varchar(10) NOT NULL,
	"weekdays" integer[] NOT NULL,
	"remind" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "study_plan_dates_ck" CHECK ("study_plan"."start_date" <= "study_plan"."end_date")
);
--> statement-breakpoint
CREATE TABLE "study_plan_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"plan_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"course_id" integer,
	"bank_id" integer,
	"unit" varchar(12) NOT NULL,
	"target" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "study_plan_item_target_ck" CHECK ("study_plan_item"."target" > 0)
);
--> statement-breakpoint
CREATE TABLE "study_plan_remind" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"day" varchar(10) NOT NULL,
	"sent" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "study_plan" ADD CONSTRAINT "study_plan_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_plan" ADD CONSTRAINT "study_plan_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_plan" ADD CONSTRAINT "study_plan_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_plan_item" ADD CONSTRAINT "study_plan_item_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_plan_item" ADD CONSTRAINT "study_plan_item_plan_id_study_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."study_plan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_plan_item" ADD CONSTRAINT "study_plan_item_course_id_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."course"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_plan_item" ADD CONSTRAINT "study_plan_item_bank_id_bank_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."bank"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_plan_remind" ADD CONSTRAINT "study_plan_remind_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_plan_remind" ADD CONSTRAINT "study_plan_remind_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "study_plan_user_idx" ON "study_plan" USING btree ("tenant_id","user_id","end_date");--> statement-breakpoint
CREATE INDEX "study_plan_running_idx" ON "study_plan" USING btree ("end_date","start_date");--> statement-breakpoint
CREATE INDEX "study_plan_item_plan_idx" ON "study_plan_item" USING btree ("tenant_id","plan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "study_plan_remind_uq" ON "study_plan_remind" USING btree ("tenant_id","user_id","day");