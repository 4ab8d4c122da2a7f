CREATE TABLE "scan_ticket" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"ticket" varchar(64) NOT NULL,
	"poll_key_hash" varchar(64) NOT NULL,
	"status" varchar(16) DEFAULT 'waiting' NOT NULL,
	"user_id" integer,
	"pc_device_uuid" varchar(64) DEFAULT '' NOT NULL,
	"pc_user_agent" varchar(512) DEFAULT '' NOT NULL,
	"pc_ip" varchar(64) DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scan_ticket_ticket_unique" UNIQUE("ticket")
);
--> statement-breakpoint
ALTER TABLE "scan_ticket" ADD CONSTRAINT "scan_ticket_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_ticket" ADD CONSTRAINT "scan_ticket_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scan_ticket_ip_idx" ON "scan_ticket" USING btree ("tenant_id","pc_ip","created_at");