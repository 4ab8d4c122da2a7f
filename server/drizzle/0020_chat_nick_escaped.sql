ALTER TABLE "live_chat" ALTER COLUMN "nick" SET DATA TYPE varchar(120);--> statement-breakpoint
ALTER TABLE "live_chat" ALTER COLUMN "nick" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "live_checkin_sign" ALTER COLUMN "nick" SET DATA TYPE varchar(120);--> statement-breakpoint
ALTER TABLE "live_checkin_sign" ALTER COLUMN "nick" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "live_lottery_winner" ALTER COLUMN "nick" SET DATA TYPE varchar(120);--> statement-breakpoint
ALTER TABLE "live_lottery_winner" ALTER COLUMN "nick" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "live_question" ALTER COLUMN "nick" SET DATA TYPE varchar(120);--> statement-breakpoint
ALTER TABLE "live_question" ALTER COLUMN "nick" SET DEFAULT '';