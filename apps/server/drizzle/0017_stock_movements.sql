-- Stock changes made from the back office (issue 17): each one a difference applied under the product
-- row's lock, with the stock before and after, who made it and why.
CREATE TABLE "stock_movements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"kind" text NOT NULL,
	"delta" integer NOT NULL,
	"before" integer NOT NULL,
	"after" integer NOT NULL,
	"note" text,
	"person_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_arithmetic" CHECK ("stock_movements"."after" = "stock_movements"."before" + "stock_movements"."delta" and "stock_movements"."after" >= 0),
	CONSTRAINT "stock_movements_kind" CHECK ("stock_movements"."kind" in ('recepcion', 'correccion'))
);
--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movements_product_id_created_at_index" ON "stock_movements" USING btree ("product_id","created_at");