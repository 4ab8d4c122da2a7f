CREATE TABLE "login_guard" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"subject" varchar(80) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "login_guard" ADD CONSTRAINT "login_guard_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "login_guard_subject_uq" ON "login_guard" USING btree ("tenant_id","subject");--> statement-breakpoint
CREATE INDEX "login_guard_window_idx" ON "login_guard" USING btree ("window_start");