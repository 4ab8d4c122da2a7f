ALTER TABLE "inform_user" ADD COLUMN "kind" varchar(20) DEFAULT 'notice' NOT NULL;--> statement-breakpoint
ALTER TABLE "inform_user" ADD COLUMN "link" varchar(300) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "inform_user" ADD COLUMN "notice_id" integer;--> statement-breakpoint
CREATE INDEX "inform_user_list_idx" ON "inform_user" USING btree ("tenant_id","user_id","created_at");