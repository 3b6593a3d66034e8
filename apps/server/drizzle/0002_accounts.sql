CREATE TABLE "login_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"blocked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "persons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "persons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uid" text,
	"email" text NOT NULL,
	"first_names" text NOT NULL,
	"last_names" text NOT NULL,
	"birth_date" date,
	"gender_id" integer,
	"document_type" text,
	"document_number" text,
	"phone" text,
	"level" text DEFAULT 'BASICO' NOT NULL,
	"total_points" integer DEFAULT 0 NOT NULL,
	"profile_id" integer DEFAULT 1 NOT NULL,
	"profile_name" text DEFAULT 'Usuario' NOT NULL,
	"password_hash" text,
	"has_temporary_password" boolean DEFAULT false NOT NULL,
	"temporary_password_expires_at" timestamp with time zone,
	"origin_ip" text,
	"device_token" text,
	"accepted_terms" boolean DEFAULT true NOT NULL,
	"authorized_data_treatment" boolean DEFAULT true NOT NULL,
	"is_corporate_client" boolean DEFAULT false NOT NULL,
	"nit" text,
	"is_authorized_corporate" boolean DEFAULT false NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "persons_gender_values" CHECK ("persons"."gender_id" is null or "persons"."gender_id" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"person_id" integer NOT NULL,
	"csrf_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"person_id" integer NOT NULL,
	"street" text NOT NULL,
	"reference" text,
	"receiver_name" text NOT NULL,
	"phone" text NOT NULL,
	"neighborhood" text,
	"is_main" boolean DEFAULT false NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"receiver_document_type" text,
	"receiver_document_number" text,
	"department_code" text NOT NULL,
	"municipality_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"person_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_person_id_product_id_pk" PRIMARY KEY("person_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "persons_email_unique" ON "persons" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "persons_uid_unique" ON "persons" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "sessions_person_id_index" ON "sessions" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_index" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "addresses_person_id_index" ON "addresses" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "favorites_product_id_index" ON "favorites" USING btree ("product_id");