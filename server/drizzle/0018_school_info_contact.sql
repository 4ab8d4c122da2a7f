ALTER TABLE "school_info" DROP COLUMN "hotline";--> statement-breakpoint
ALTER TABLE "school_info" DROP COLUMN "hours";