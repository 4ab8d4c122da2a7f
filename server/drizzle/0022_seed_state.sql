CREATE TABLE "seed_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" varchar(64) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
