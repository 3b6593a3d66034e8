-- The back office's audit log (issue 17): every change made from it, who made it and when, with the
-- values before and after, written in the same transaction as the change. The author's id has no
-- foreign key: the record of who did something outlives their account.
CREATE TABLE "audit_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"person_id" integer,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_entity_entity_id_created_at_index" ON "audit_log" USING btree ("entity","entity_id","created_at");