CREATE TABLE "consultation_category" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"name" varchar(20) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"values" jsonb NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"locked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "profile_stamp" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"words" text NOT NULL,
	"signature_url" varchar(500) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_template" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"goods_id" integer NOT NULL,
	"title" varchar(100) NOT NULL,
	"intro" varchar(500) DEFAULT '' NOT NULL,
	"fields" jsonb NOT NULL,
	"stamp_words" text NOT NULL,
	"need_signature" boolean DEFAULT false NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consultation" ADD COLUMN "category_id" integer;--> statement-breakpoint
ALTER TABLE "consultation_category" ADD CONSTRAINT "consultation_category_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile" ADD CONSTRAINT "profile_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile" ADD CONSTRAINT "profile_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile" ADD CONSTRAINT "profile_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile" ADD CONSTRAINT "profile_template_id_profile_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."profile_template"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_stamp" ADD CONSTRAINT "profile_stamp_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_stamp" ADD CONSTRAINT "profile_stamp_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_stamp" ADD CONSTRAINT "profile_stamp_profile_id_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_template" ADD CONSTRAINT "profile_template_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_template" ADD CONSTRAINT "profile_template_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consultation_category_tenant_idx" ON "consultation_category" USING btree ("tenant_id","status","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "profile_user_goods_uq" ON "profile" USING btree ("tenant_id","user_id","goods_id");--> statement-breakpoint
CREATE INDEX "profile_user_idx" ON "profile" USING btree ("tenant_id","user_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "profile_stamp_profile_uq" ON "profile_stamp" USING btree ("tenant_id","profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "profile_template_goods_uq" ON "profile_template" USING btree ("tenant_id","goods_id");--> statement-breakpoint
ALTER TABLE "consultation" ADD CONSTRAINT "consultation_category_id_consultation_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."consultation_category"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consultation_category_idx" ON "consultation" USING btree ("tenant_id","category_id","publish_time");