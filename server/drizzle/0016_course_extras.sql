ALTER TABLE "course_section" ADD COLUMN "test_paper_id" integer;--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "replaced_by_id" integer;--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "required_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "course_section" ADD CONSTRAINT "course_section_test_paper_id_paper_id_fk" FOREIGN KEY ("test_paper_id") REFERENCES "public"."paper"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods" ADD CONSTRAINT "goods_replaced_by_id_goods_id_fk" FOREIGN KEY ("replaced_by_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;