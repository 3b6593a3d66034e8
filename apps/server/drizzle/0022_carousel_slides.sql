CREATE TABLE "carousel_slides" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "carousel_slides_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store_id" integer NOT NULL,
	"media_key" text NOT NULL,
	"eyebrow" text DEFAULT '' NOT NULL,
	"title" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"cta_label" text NOT NULL,
	"link" text NOT NULL,
	"position" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carousel_slides" ADD CONSTRAINT "carousel_slides_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carousel_slides" ADD CONSTRAINT "carousel_slides_media_key_media_key_fk" FOREIGN KEY ("media_key") REFERENCES "public"."media"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carousel_slides_store_id_position_index" ON "carousel_slides" USING btree ("store_id","position");--> statement-breakpoint
-- The slides the home page drew from its own code until now, for the stores that already exist (a fresh
-- database gets them from the seed, `seed/carousel.ts`); only where the generated banners are stored.
INSERT INTO "carousel_slides" ("store_id", "media_key", "eyebrow", "title", "text", "cta_label", "link", "position")
SELECT s."id", v."media_key", v."eyebrow", v."title", v."text", v."cta_label",
  CASE WHEN v."keyword" IS NULL THEN '/chatbot' ELSE '/storeProducts/' || s."id" || '?q=' || v."keyword" END,
  v."position"
FROM "stores" s
CROSS JOIN (VALUES
  (0, 'banner-1.webp', 'Protección solar', 'Protección solar para todos los días', 'El sol en Colombia es intenso todo el año. Elige un protector de amplio espectro para tu tipo de piel.', 'Ver protectores solares', 'protector+solar'),
  (1, 'banner-2.webp', 'Hidratación', 'Hidratación que tu piel siente', 'Cremas y sérums con ácido hialurónico y ceramidas para una piel suave y cómoda.', 'Ver hidratantes', 'hidratante'),
  (2, 'banner-3.webp', 'Piel sensible', 'Cuidado suave para piel sensible', 'Fórmulas calmantes y sin fragancia para pieles reactivas o con tendencia a las rojeces.', 'Ver piel sensible', 'piel+sensible'),
  (3, 'banner-4.webp', 'Asesoría de piel', 'Conoce tu piel con nuestro asistente', 'Cuéntale cómo es tu piel y recibe una rutina sugerida con productos de la tienda.', 'Hablar con el asistente', NULL)
) AS v("position", "media_key", "eyebrow", "title", "text", "cta_label", "keyword")
WHERE EXISTS (SELECT 1 FROM "media" m WHERE m."key" = v."media_key");
