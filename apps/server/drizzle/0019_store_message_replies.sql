-- The back office's messages (issue 17): the store's e-mailed replies to messages from /contacts, and the list's indexes (newest first, unread).
CREATE TABLE "store_message_replies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "store_message_replies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"message_id" integer NOT NULL,
	"person_id" integer,
	"recipient" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_message_replies" ADD CONSTRAINT "store_message_replies_message_id_store_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."store_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_message_replies_message_id_created_at_index" ON "store_message_replies" USING btree ("message_id","created_at");--> statement-breakpoint
CREATE INDEX "store_messages_created_at_index" ON "store_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "store_messages_unread_created_at_index" ON "store_messages" USING btree ("created_at") WHERE "store_messages"."read_at" is null;