CREATE TABLE "tenant_wechat_app" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"kind" varchar(8) NOT NULL,
	"app_id" varchar(32) NOT NULL,
	"app_secret" varchar(128) DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_wechat" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"app_id" varchar(32) NOT NULL,
	"open_id" varchar(64) NOT NULL,
	"union_id" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tenant_wechat_app" ADD CONSTRAINT "tenant_wechat_app_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_wechat" ADD CONSTRAINT "user_wechat_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_wechat" ADD CONSTRAINT "user_wechat_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_wechat_app_kind_uq" ON "tenant_wechat_app" USING btree ("tenant_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "user_wechat_openid_uq" ON "user_wechat" USING btree ("tenant_id","app_id","open_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_wechat_user_kind_uq" ON "user_wechat" USING btree ("tenant_id","user_id","kind");