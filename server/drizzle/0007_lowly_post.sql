CREATE TABLE "live_checkin" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"channel_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"by_user_id" integer NOT NULL,
	"message" varchar(200) DEFAULT '' NOT NULL,
	"ends_at" timestamp (3) with time zone NOT NULL,
	"state" varchar(8) DEFAULT 'open' NOT NULL,
	"signed" integer DEFAULT 0 NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_checkin_sign" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"checkin_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"nick" varchar(30) DEFAULT '' NOT NULL,
	"pic" varchar(500) DEFAULT '' NOT NULL,
	"user_type" varchar(12) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_lottery" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"channel_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"by_user_id" integer NOT NULL,
	"prize" varchar(100) NOT NULL,
	"winner_count" integer NOT NULL,
	"among" varchar(10) NOT NULL,
	"checkin_id" integer,
	"eligible" integer DEFAULT 0 NOT NULL,
	"draw_at" timestamp (3) with time zone NOT NULL,
	"state" varchar(8) DEFAULT 'drawing' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_lottery_winner" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"lottery_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"nick" varchar(30) DEFAULT '' NOT NULL,
	"pic" varchar(500) DEFAULT '' NOT NULL,
	"user_type" varchar(12) NOT NULL,
	"claim_name" varchar(30) DEFAULT '' NOT NULL,
	"claim_phone" varchar(11) DEFAULT '' NOT NULL,
	"claim_address" varchar(200) DEFAULT '' NOT NULL,
	"claimed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "live_question" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"channel_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"nick" varchar(30) DEFAULT '' NOT NULL,
	"pic" varchar(500) DEFAULT '' NOT NULL,
	"user_type" varchar(12) NOT NULL,
	"content" text NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"answered_by" jsonb,
	"answered_at" timestamp (3) with time zone,
	"public" boolean DEFAULT false NOT NULL,
	"upvotes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_question_upvote" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"question_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_questionnaire" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"channel_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"by_user_id" integer NOT NULL,
	"title" varchar(100) NOT NULL,
	"items" jsonb NOT NULL,
	"show_results" boolean DEFAULT false NOT NULL,
	"state" varchar(8) DEFAULT 'open' NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_questionnaire_answer" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"questionnaire_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_redpaper" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"channel_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"by_user_id" integer NOT NULL,
	"total_points" integer NOT NULL,
	"count" integer NOT NULL,
	"greeting" varchar(50) DEFAULT '' NOT NULL,
	"shares" jsonb NOT NULL,
	"grabbed" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_redpaper_grabbed_ck" CHECK ("live_redpaper"."grabbed" >= 0 and "live_redpaper"."grabbed" <= "live_redpaper"."count")
);
--> statement-breakpoint
CREATE TABLE "live_redpaper_grab" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"redpaper_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"points" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_tally" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"session_id" integer NOT NULL,
	"flowers" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_test" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"channel_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"by_user_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"ques_type" integer NOT NULL,
	"stem" text NOT NULL,
	"options" jsonb NOT NULL,
	"answer" varchar(60) NOT NULL,
	"analysis" text DEFAULT '' NOT NULL,
	"score" double precision DEFAULT 1 NOT NULL,
	"part_score" double precision,
	"ends_at" timestamp (3) with time zone NOT NULL,
	"state" varchar(8) DEFAULT 'open' NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_test_answer" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"test_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"option" varchar(60) NOT NULL,
	"result" varchar(8) NOT NULL,
	"earned" double precision DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "points_account" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_account_balance_ck" CHECK ("points_account"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"balance" integer NOT NULL,
	"reason" varchar(16) NOT NULL,
	"session_id" integer,
	"ref_id" integer,
	"other_user_id" integer,
	"note" varchar(100) DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_checkin" ADD CONSTRAINT "live_checkin_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_checkin" ADD CONSTRAINT "live_checkin_channel_id_live_channel_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."live_channel"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_checkin" ADD CONSTRAINT "live_checkin_session_id_live_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_session"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_checkin" ADD CONSTRAINT "live_checkin_by_user_id_sys_user_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_checkin_sign" ADD CONSTRAINT "live_checkin_sign_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_checkin_sign" ADD CONSTRAINT "live_checkin_sign_checkin_id_live_checkin_id_fk" FOREIGN KEY ("checkin_id") REFERENCES "public"."live_checkin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_checkin_sign" ADD CONSTRAINT "live_checkin_sign_session_id_live_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_session"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_checkin_sign" ADD CONSTRAINT "live_checkin_sign_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_lottery" ADD CONSTRAINT "live_lottery_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_lottery" ADD CONSTRAINT "live_lottery_channel_id_live_channel_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."live_channel"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_lottery" ADD CONSTRAINT "live_lottery_session_id_live_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_session"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_lottery" ADD CONSTRAINT "live_lottery_by_user_id_sys_user_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_lottery" ADD CONSTRAINT "live_lottery_checkin_id_live_checkin_id_fk" FOREIGN KEY ("checkin_id") REFERENCES "public"."live_checkin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_lottery_winner" ADD CONSTRAINT "live_lottery_winner_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_lottery_winner" ADD CONSTRAINT "live_lottery_winner_lottery_id_live_lottery_id_fk" FOREIGN KEY ("lottery_id") REFERENCES "public"."live_lottery"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_lottery_winner" ADD CONSTRAINT "live_lottery_winner_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_question" ADD CONSTRAINT "live_question_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_question" ADD CONSTRAINT "live_question_channel_id_live_channel_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."live_channel"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_question" ADD CONSTRAINT "live_question_session_id_live_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_session"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_question" ADD CONSTRAINT "live_question_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_question_upvote" ADD CONSTRAINT "live_question_upvote_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_question_upvote" ADD CONSTRAINT "live_question_upvote_question_id_live_question_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."live_question"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_question_upvote" ADD CONSTRAINT "live_question_upvote_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_questionnaire" ADD CONSTRAINT "live_questionnaire_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_questionnaire" ADD CONSTRAINT "live_questionnaire_channel_id_live_channel_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."live_channel"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_questionnaire" ADD CONSTRAINT "live_questionnaire_session_id_live_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_session"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_questionnaire" ADD CONSTRAINT "live_questionnaire_by_user_id_sys_user_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_questionnaire_answer" ADD CONSTRAINT "live_questionnaire_answer_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_questionnaire_answer" ADD CONSTRAINT "live_questionnaire_answer_questionnaire_id_live_questionnaire_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."live_questionnaire"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_questionnaire_answer" ADD CONSTRAINT "live_questionnaire_answer_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_redpaper" ADD CONSTRAINT "live_redpaper_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_redpaper" ADD CONSTRAINT "live_redpaper_channel_id_live_channel_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."live_channel"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_redpaper" ADD CONSTRAINT "live_redpaper_session_id_live_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_session"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_redpaper" ADD CONSTRAINT "live_redpaper_by_user_id_sys_user_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_redpaper_grab" ADD CONSTRAINT "live_redpaper_grab_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_redpaper_grab" ADD CONSTRAINT "live_redpaper_grab_redpaper_id_live_redpaper_id_fk" FOREIGN KEY ("redpaper_id") REFERENCES "public"."live_redpaper"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_redpaper_grab" ADD CONSTRAINT "live_redpaper_grab_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_tally" ADD CONSTRAINT "live_tally_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_tally" ADD CONSTRAINT "live_tally_session_id_live_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_session"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_test" ADD CONSTRAINT "live_test_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_test" ADD CONSTRAINT "live_test_channel_id_live_channel_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."live_channel"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_test" ADD CONSTRAINT "live_test_session_id_live_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_session"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_test" ADD CONSTRAINT "live_test_by_user_id_sys_user_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_test" ADD CONSTRAINT "live_test_question_id_question_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."question"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_test_answer" ADD CONSTRAINT "live_test_answer_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_test_answer" ADD CONSTRAINT "live_test_answer_test_id_live_test_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."live_test"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_test_answer" ADD CONSTRAINT "live_test_answer_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_account" ADD CONSTRAINT "points_account_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_account" ADD CONSTRAINT "points_account_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_session_id_live_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_session"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_other_user_id_sys_user_id_fk" FOREIGN KEY ("other_user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_checkin_session_idx" ON "live_checkin" USING btree ("tenant_id","session_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "live_checkin_open_uq" ON "live_checkin" USING btree ("tenant_id","session_id") WHERE "live_checkin"."state" = 'open';--> statement-breakpoint
CREATE INDEX "live_checkin_due_idx" ON "live_checkin" USING btree ("state","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "live_checkin_sign_uq" ON "live_checkin_sign" USING btree ("tenant_id","checkin_id","user_id");--> statement-breakpoint
CREATE INDEX "live_checkin_sign_user_idx" ON "live_checkin_sign" USING btree ("tenant_id","user_id","session_id");--> statement-breakpoint
CREATE INDEX "live_lottery_session_idx" ON "live_lottery" USING btree ("tenant_id","session_id","id");--> statement-breakpoint
CREATE INDEX "live_lottery_due_idx" ON "live_lottery" USING btree ("state","draw_at");--> statement-breakpoint
CREATE UNIQUE INDEX "live_lottery_winner_uq" ON "live_lottery_winner" USING btree ("tenant_id","lottery_id","user_id");--> statement-breakpoint
CREATE INDEX "live_question_session_idx" ON "live_question" USING btree ("tenant_id","session_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "live_question_upvote_uq" ON "live_question_upvote" USING btree ("tenant_id","question_id","user_id");--> statement-breakpoint
CREATE INDEX "live_questionnaire_session_idx" ON "live_questionnaire" USING btree ("tenant_id","session_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "live_questionnaire_open_uq" ON "live_questionnaire" USING btree ("tenant_id","session_id") WHERE "live_questionnaire"."state" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "live_questionnaire_answer_uq" ON "live_questionnaire_answer" USING btree ("tenant_id","questionnaire_id","user_id");--> statement-breakpoint
CREATE INDEX "live_redpaper_session_idx" ON "live_redpaper" USING btree ("tenant_id","session_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "live_redpaper_grab_uq" ON "live_redpaper_grab" USING btree ("tenant_id","redpaper_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "live_tally_uq" ON "live_tally" USING btree ("tenant_id","session_id");--> statement-breakpoint
CREATE INDEX "live_test_session_idx" ON "live_test" USING btree ("tenant_id","session_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "live_test_open_uq" ON "live_test" USING btree ("tenant_id","session_id") WHERE "live_test"."state" = 'open';--> statement-breakpoint
CREATE INDEX "live_test_due_idx" ON "live_test" USING btree ("state","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "live_test_answer_uq" ON "live_test_answer" USING btree ("tenant_id","test_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "points_account_uq" ON "points_account" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "points_ledger_user_idx" ON "points_ledger" USING btree ("tenant_id","user_id","id");