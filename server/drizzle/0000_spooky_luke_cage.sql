CREATE TABLE "advertising" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"location" varchar(32) NOT NULL,
	"title" varchar(100) NOT NULL,
	"image" varchar(500) NOT NULL,
	"link_url" varchar(500) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captcha" (
	"uuid" varchar(64) PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"text" varchar(16) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "config" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"config_key" varchar(64) NOT NULL,
	"config_value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultation" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"title" varchar(200) NOT NULL,
	"summary" varchar(500) DEFAULT '' NOT NULL,
	"cover" varchar(500) DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"publish_time" timestamp with time zone DEFAULT now() NOT NULL,
	"views" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dict_data" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"dict_type" varchar(64) NOT NULL,
	"dict_label" varchar(100) NOT NULL,
	"dict_value" varchar(100) NOT NULL,
	"dict_sort" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "home_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"name" varchar(30) NOT NULL,
	"icon" varchar(500) NOT NULL,
	"link_url" varchar(500) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inform_user" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"read_status" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_code" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"tel_phone" varchar(11) NOT NULL,
	"scene" varchar(16) NOT NULL,
	"code" varchar(6) NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_user" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_account" varchar(64) NOT NULL,
	"tel_phone" varchar(11) NOT NULL,
	"password_hash" text,
	"nick_name" varchar(30) DEFAULT '' NOT NULL,
	"real_name" varchar(30) DEFAULT '' NOT NULL,
	"avatar" varchar(500) DEFAULT '' NOT NULL,
	"sex" varchar(1) DEFAULT '2' NOT NULL,
	"birthday" varchar(10) DEFAULT '' NOT NULL,
	"id_card" varchar(18) DEFAULT '' NOT NULL,
	"edu_level" varchar(30) DEFAULT '' NOT NULL,
	"school" varchar(60) DEFAULT '' NOT NULL,
	"major" varchar(60) DEFAULT '' NOT NULL,
	"graduation_date" varchar(10) DEFAULT '' NOT NULL,
	"share_activity_code" varchar(32) DEFAULT '' NOT NULL,
	"invite_code" varchar(32) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant" (
	"id" bigint PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(100) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "tenant_host" (
	"host" varchar(253) PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_lock" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"action" varchar(32) NOT NULL,
	"uuid" varchar(64) NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_token" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"device_uuid" varchar(64) DEFAULT '' NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"refresh_until" timestamp with time zone NOT NULL,
	CONSTRAINT "user_token_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "advertising" ADD CONSTRAINT "advertising_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "captcha" ADD CONSTRAINT "captcha_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config" ADD CONSTRAINT "config_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation" ADD CONSTRAINT "consultation_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dict_data" ADD CONSTRAINT "dict_data_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_item" ADD CONSTRAINT "home_item_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inform_user" ADD CONSTRAINT "inform_user_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inform_user" ADD CONSTRAINT "inform_user_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_code" ADD CONSTRAINT "sms_code_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user" ADD CONSTRAINT "sys_user_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_host" ADD CONSTRAINT "tenant_host_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_lock" ADD CONSTRAINT "user_lock_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_lock" ADD CONSTRAINT "user_lock_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_token" ADD CONSTRAINT "user_token_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_token" ADD CONSTRAINT "user_token_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advertising_location_idx" ON "advertising" USING btree ("tenant_id","location");--> statement-breakpoint
CREATE UNIQUE INDEX "config_tenant_key_uq" ON "config" USING btree ("tenant_id","config_key");--> statement-breakpoint
CREATE INDEX "consultation_list_idx" ON "consultation" USING btree ("tenant_id","published","publish_time");--> statement-breakpoint
CREATE INDEX "dict_data_type_idx" ON "dict_data" USING btree ("tenant_id","dict_type");--> statement-breakpoint
CREATE INDEX "inform_user_unread_idx" ON "inform_user" USING btree ("tenant_id","user_id","read_status");--> statement-breakpoint
CREATE INDEX "sms_code_phone_idx" ON "sms_code" USING btree ("tenant_id","tel_phone","created_at");--> statement-breakpoint
CREATE INDEX "sms_code_ip_idx" ON "sms_code" USING btree ("ip","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_user_tenant_account_uq" ON "sys_user" USING btree ("tenant_id","user_account");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_user_tenant_phone_uq" ON "sys_user" USING btree ("tenant_id","tel_phone");--> statement-breakpoint
CREATE UNIQUE INDEX "user_lock_uq" ON "user_lock" USING btree ("tenant_id","user_id","action","uuid");--> statement-breakpoint
CREATE INDEX "user_token_user_idx" ON "user_token" USING btree ("tenant_id","user_id");