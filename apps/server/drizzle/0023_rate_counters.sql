CREATE TABLE "rate_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_counters_window_started_at_index" ON "rate_counters" USING btree ("window_started_at");