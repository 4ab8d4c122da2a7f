CREATE TABLE "live_ban" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"channel_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_channel" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"goods_id" integer,
	"exam_id" integer,
	"name" varchar(100) NOT NULL,
	"cover" varchar(500) DEFAULT '' NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"teacher_id" integer,
	"scene" varchar(8) DEFAULT 'alone' NOT NULL,
	"provider" varchar(8) DEFAULT 'local' NOT NULL,
	"provider_channel_id" varchar(32) DEFAULT '' NOT NULL,
	"stream_key" varchar(40) NOT NULL,
	"chat_closed" boolean DEFAULT false NOT NULL,
	"bulletin" text DEFAULT '' NOT NULL,
	"playback_enabled" boolean DEFAULT true NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_chat" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"channel_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"user_id" integer,
	"nick" varchar(30) DEFAULT '' NOT NULL,
	"pic" varchar(500) DEFAULT '' NOT NULL,
	"user_type" varchar(12) NOT NULL,
	"event" varchar(24) NOT NULL,
	"content" text NOT NULL,
	"quote_id" integer,
	"removed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_recording" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"channel_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"path" varchar(300) NOT NULL,
	"duration_seconds" double precision DEFAULT 0 NOT NULL,
	"status" varchar(12) DEFAULT 'processing' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_session" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"channel_id" integer NOT NULL,
	"title" varchar(100) NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"state" varchar(8) DEFAULT 'waiting' NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_watch" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"mode" varchar(8) NOT NULL,
	"credited_seconds" integer DEFAULT 0 NOT NULL,
	"position" double precision DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "staff_role" varchar(16) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "live_ban" ADD CONSTRAINT "live_ban_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_ban" ADD CONSTRAINT "live_ban_channel_id_live_channel_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."live_channel"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_ban" ADD CONSTRAINT "live_ban_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_ban" ADD CONSTRAINT "live_ban_by_user_id_sys_user_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_channel" ADD CONSTRAINT "live_channel_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_channel" ADD CONSTRAINT "live_channel_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_channel" ADD CONSTRAINT "live_channel_exam_id_exam_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exam"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_channel" ADD CONSTRAINT "live_channel_teacher_id_teacher_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teacher"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_chat" ADD CONSTRAINT "live_chat_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_chat" ADD CONSTRAINT "live_chat_channel_id_live_channel_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."live_channel"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_chat" ADD CONSTRAINT "live_chat_session_id_live_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_session"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_chat" ADD CONSTRAINT "live_chat_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_recording" ADD CONSTRAINT "live_recording_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_recording" ADD CONSTRAINT "live_recording_channel_id_live_channel_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."live_channel"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_recording" ADD CONSTRAINT "live_recording_session_id_live_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_session"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_session" ADD CONSTRAINT "live_session_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_session" ADD CONSTRAINT "live_session_channel_id_live_channel_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."live_channel"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_watch" ADD CONSTRAINT "live_watch_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_watch" ADD CONSTRAINT "live_watch_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_watch" ADD CONSTRAINT "live_watch_channel_id_live_channel_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."live_channel"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_watch" ADD CONSTRAINT "live_watch_session_id_live_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_session"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "live_ban_uq" ON "live_ban" USING btree ("tenant_id","channel_id","user_id");--> statement-breakpoint
CREATE INDEX "live_channel_tenant_idx" ON "live_channel" USING btree ("tenant_id","status","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "live_channel_stream_uq" ON "live_channel" USING btree ("stream_key");--> statement-breakpoint
CREATE INDEX "live_chat_session_idx" ON "live_chat" USING btree ("tenant_id","channel_id","session_id","id");--> statement-breakpoint
CREATE INDEX "live_recording_session_idx" ON "live_recording" USING btree ("tenant_id","session_id");--> statement-breakpoint
CREATE INDEX "live_session_channel_idx" ON "live_session" USING btree ("tenant_id","channel_id","start_at");--> statement-breakpoint
CREATE UNIQUE INDEX "live_watch_uq" ON "live_watch" USING btree ("tenant_id","user_id","session_id","mode");--> statement-breakpoint
CREATE INDEX "live_watch_recent_idx" ON "live_watch" USING btree ("tenant_id","user_id","updated_at");