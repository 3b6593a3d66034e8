CREATE TABLE "photo_blobs" (
	"photo_id" text PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photo_consents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "photo_consents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"person_id" integer,
	"accepted_at" timestamp with time zone NOT NULL,
	"policy_version" text NOT NULL,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"person_id" integer,
	"email" text,
	"mime" text NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "skin_analyses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "skin_analyses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"photo_id" text,
	"code" text NOT NULL,
	"person_id" integer,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photo_blobs" ADD CONSTRAINT "photo_blobs_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skin_analyses" ADD CONSTRAINT "skin_analyses_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photo_consents_code_index" ON "photo_consents" USING btree ("code");--> statement-breakpoint
CREATE INDEX "photos_code_created_at_index" ON "photos" USING btree ("code","created_at");--> statement-breakpoint
CREATE INDEX "photos_person_id_index" ON "photos" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "photos_expires_at_index" ON "photos" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "skin_analyses_code_index" ON "skin_analyses" USING btree ("code");--> statement-breakpoint
CREATE INDEX "skin_analyses_person_id_index" ON "skin_analyses" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "skin_analyses_created_at_index" ON "skin_analyses" USING btree ("created_at");