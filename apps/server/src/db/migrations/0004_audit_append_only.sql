-- The audit trail is append-only in the database itself, and its chain has one head row.
-- Rows already in audit_log were written before the chain existed: the head records the last of them
-- (unchained_through), and the chain starts after it from the genesis hash (64 zeros).
INSERT INTO "audit_head" ("id", "last_id", "last_hash", "unchained_through")
SELECT 1, coalesce(max("id"), 0), repeat('0', 64), coalesce(max("id"), 0) FROM "audit_log"
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
ALTER TABLE "audit_head" ADD CONSTRAINT "audit_head_one_row" CHECK ("id" = 1);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "audit_log_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
FOR EACH ROW EXECUTE FUNCTION "audit_log_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_refuse_change"();
--> statement-breakpoint
-- The head only moves forward: it is never deleted, never rewound, and where the chain starts is fixed.
CREATE OR REPLACE FUNCTION "audit_head_forward_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'UPDATE' OR NEW."id" <> OLD."id" OR NEW."last_id" <= OLD."last_id"
     OR NEW."unchained_through" <> OLD."unchained_through" THEN
    RAISE EXCEPTION 'audit_head only moves forward: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_head_forward_only" BEFORE UPDATE OR DELETE ON "audit_head"
FOR EACH ROW EXECUTE FUNCTION "audit_head_forward_only"();
--> statement-breakpoint
CREATE TRIGGER "audit_head_no_truncate" BEFORE TRUNCATE ON "audit_head"
FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_refuse_change"();
