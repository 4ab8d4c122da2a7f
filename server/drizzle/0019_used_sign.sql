CREATE TABLE "used_sign" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"digest" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "used_sign" ADD CONSTRAINT "used_sign_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "used_sign_uq" ON "used_sign" USING btree ("tenant_id","digest");--> statement-breakpoint
CREATE INDEX "used_sign_expires_idx" ON "used_sign" USING btree ("expires_at");