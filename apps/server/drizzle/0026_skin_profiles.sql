CREATE TABLE "skin_profiles" (
	"owner" text PRIMARY KEY NOT NULL,
	"person_id" integer,
	"code" text,
	"profile" jsonb NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"policy_version" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "skin_analyses" ADD COLUMN "face_descriptor" "bytea";--> statement-breakpoint
CREATE INDEX "skin_profiles_person_id_index" ON "skin_profiles" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "skin_profiles_code_index" ON "skin_profiles" USING btree ("code");