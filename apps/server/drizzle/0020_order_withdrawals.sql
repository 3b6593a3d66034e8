-- Issue 17: withdrawals (retracto, Ley 1480 art. 47) and the units each returns.
CREATE TABLE "order_withdrawal_lines" (
	"withdrawal_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "order_withdrawal_lines_withdrawal_id_product_id_pk" PRIMARY KEY("withdrawal_id","product_id"),
	CONSTRAINT "order_withdrawal_lines_quantity_positive" CHECK ("order_withdrawal_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_withdrawals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_withdrawals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'solicitado' NOT NULL,
	"staff_note" text,
	"refund_amount" integer,
	"refund_method" text,
	"refund_reference" text,
	"decided_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "order_withdrawals_status" CHECK ("order_withdrawals"."status" in ('solicitado', 'aceptado', 'rechazado', 'recibido', 'reembolsado')),
	CONSTRAINT "order_withdrawals_refund_nonnegative" CHECK ("order_withdrawals"."refund_amount" is null or "order_withdrawals"."refund_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_withdrawal_lines" ADD CONSTRAINT "order_withdrawal_lines_withdrawal_id_order_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."order_withdrawals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_withdrawal_lines" ADD CONSTRAINT "order_withdrawal_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_withdrawals" ADD CONSTRAINT "order_withdrawals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_withdrawals" ADD CONSTRAINT "order_withdrawals_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_withdrawals_status_created_at_index" ON "order_withdrawals" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_withdrawals_one_open_per_order" ON "order_withdrawals" USING btree ("order_id") WHERE "order_withdrawals"."status" <> 'rechazado';