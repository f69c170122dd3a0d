CREATE TABLE "audit_head" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"last_id" integer NOT NULL,
	"last_hash" text NOT NULL,
	"unchained_through" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text;--> statement-breakpoint
CREATE INDEX "audit_log_entity_id_idx" ON "audit_log" USING btree ("entity_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "audit_log_before_user_idx" ON "audit_log" USING btree (("before" ->> 'userId')) WHERE ("audit_log"."before" ->> 'userId') is not null;--> statement-breakpoint
CREATE INDEX "audit_log_after_user_idx" ON "audit_log" USING btree (("after" ->> 'userId')) WHERE ("audit_log"."after" ->> 'userId') is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_prev_hash_uq" ON "audit_log" USING btree ("prev_hash");