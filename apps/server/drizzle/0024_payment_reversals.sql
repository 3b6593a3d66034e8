CREATE TABLE "payment_reversals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_reversals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"payment_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"transaction_id" text NOT NULL,
	"amount_in_cents" bigint NOT NULL,
	"method_type" text,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payment_reversals" ADD CONSTRAINT "payment_reversals_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_reversals_transaction_id_index" ON "payment_reversals" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "payment_reversals_status_created_at_index" ON "payment_reversals" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "payment_reversals_order_id_index" ON "payment_reversals" USING btree ("order_id");