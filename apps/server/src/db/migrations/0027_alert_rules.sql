CREATE TABLE "alert_queue" (
	"kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"queued_at" bigint NOT NULL,
	"claim" text,
	"claimed_at" bigint,
	"attempts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "alert_queue_kind_subject_id_pk" PRIMARY KEY("kind","subject_id")
);
--> statement-breakpoint
CREATE TABLE "bank_detail_changes" (
	"bank_account_id" text NOT NULL,
	"user_id" text NOT NULL,
	"change" text NOT NULL,
	"identifier" text NOT NULL,
	"at" bigint NOT NULL,
	CONSTRAINT "bank_detail_changes_bank_account_id_at_change_pk" PRIMARY KEY("bank_account_id","at","change")
);
--> statement-breakpoint
CREATE TABLE "refundable_methods" (
	"method" text PRIMARY KEY NOT NULL,
	"refundable" boolean NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "holder_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "alert_queue_queued_idx" ON "alert_queue" USING btree ("queued_at");--> statement-breakpoint
CREATE INDEX "bank_detail_changes_user_idx" ON "bank_detail_changes" USING btree ("user_id","at" DESC NULLS LAST);--> statement-breakpoint
-- Appended by hand. The defaults of the new rules' settings and of the refund setting per deposit method
-- (docs/product.md [alerts.thresholds], [evidence.refundable]); a SYSOP changes them on /alerts/settings.
INSERT INTO "alert_thresholds" ("rule", "setting", "currency", "value", "updated_by", "updated_at") VALUES
  ('new-destination', 'min-refundable', 'EUR', 50, 'migration', 0),
  ('new-destination', 'min-refundable', 'GBP', 50, 'migration', 0),
  ('new-destination', 'min-refundable', 'USD', 50, 'migration', 0),
  ('above-declared', 'window-days', '', 30, 'migration', 0),
  ('above-declared', 'min-amount', 'EUR', 1000, 'migration', 0),
  ('above-declared', 'min-amount', 'GBP', 1000, 'migration', 0),
  ('above-declared', 'min-amount', 'USD', 1000, 'migration', 0),
  ('bank-details-changed', 'window-days', '', 3, 'migration', 0);--> statement-breakpoint
INSERT INTO "refundable_methods" ("method", "refundable", "updated_by", "updated_at") VALUES
  ('card', true, 'migration', 0),
  ('ewallet', true, 'migration', 0),
  ('wire', false, 'migration', 0),
  ('crypto', false, 'migration', 0);--> statement-breakpoint
-- When the rules run (docs/product.md [alerts.when]): deposits and most other requests are written by the
-- client portal, never through this server, so only triggers see every creation and status change. They
-- only note what to look at, in the writer's transaction (one small insert, never a failure: a row
-- already queued is queued again); AlertQueue evaluates after the commit. Statement triggers with
-- transition tables, as 0014 and 0016, so a bulk insert costs one statement.
CREATE FUNCTION "alert_queue_requests"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO alert_queue (kind, subject_id, queued_at)
      SELECT TG_ARGV[0], n.id, extract(epoch from now())::bigint FROM alert_new_rows n
      ON CONFLICT (kind, subject_id) DO UPDATE SET queued_at = excluded.queued_at, claim = NULL, attempts = 0;
  ELSE
    INSERT INTO alert_queue (kind, subject_id, queued_at)
      SELECT TG_ARGV[0], n.id, extract(epoch from now())::bigint
      FROM alert_new_rows n JOIN alert_old_rows o ON o.id = n.id
      WHERE o.status IS DISTINCT FROM n.status
      ON CONFLICT (kind, subject_id) DO UPDATE SET queued_at = excluded.queued_at, claim = NULL, attempts = 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "deposits_alert_queue_insert" AFTER INSERT ON "deposits" REFERENCING NEW TABLE AS alert_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION alert_queue_requests('deposit');--> statement-breakpoint
CREATE TRIGGER "deposits_alert_queue_update" AFTER UPDATE ON "deposits" REFERENCING OLD TABLE AS alert_old_rows NEW TABLE AS alert_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION alert_queue_requests('deposit');--> statement-breakpoint
CREATE TRIGGER "withdrawals_alert_queue_insert" AFTER INSERT ON "withdrawals" REFERENCING NEW TABLE AS alert_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION alert_queue_requests('withdrawal');--> statement-breakpoint
CREATE TRIGGER "withdrawals_alert_queue_update" AFTER UPDATE ON "withdrawals" REFERENCING OLD TABLE AS alert_old_rows NEW TABLE AS alert_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION alert_queue_requests('withdrawal');--> statement-breakpoint
-- Bank details added or changed: kept with their time for the bank-details-changed rule, and the client's
-- open requests queued ('bank-account': AlertQueue finds every client concerned).
CREATE FUNCTION "bank_detail_changes_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO bank_detail_changes (bank_account_id, user_id, change, identifier, at)
      SELECT n.id, n.user_id, 'added',
             CASE WHEN n.bank_iban <> '' THEN n.bank_iban ELSE n.bank_account_number || ' / ' || n.bank_sort_code END,
             n.timestamp
      FROM alert_new_rows n
      ON CONFLICT DO NOTHING;
    INSERT INTO alert_queue (kind, subject_id, queued_at)
      SELECT 'bank-account', n.id, extract(epoch from now())::bigint FROM alert_new_rows n
      ON CONFLICT (kind, subject_id) DO UPDATE SET queued_at = excluded.queued_at, claim = NULL, attempts = 0;
  ELSE
    INSERT INTO bank_detail_changes (bank_account_id, user_id, change, identifier, at)
      SELECT n.id, n.user_id, 'changed',
             CASE WHEN n.bank_iban <> '' THEN n.bank_iban ELSE n.bank_account_number || ' / ' || n.bank_sort_code END,
             extract(epoch from now())::bigint
      FROM alert_new_rows n JOIN alert_old_rows o ON o.id = n.id
      WHERE (o.bank_iban, o.bank_account_number, o.bank_sort_code, o.holder_name, o.user_id)
            IS DISTINCT FROM (n.bank_iban, n.bank_account_number, n.bank_sort_code, n.holder_name, n.user_id)
      ON CONFLICT DO NOTHING;
    INSERT INTO alert_queue (kind, subject_id, queued_at)
      SELECT 'bank-account', n.id, extract(epoch from now())::bigint
      FROM alert_new_rows n JOIN alert_old_rows o ON o.id = n.id
      WHERE (o.bank_iban, o.bank_account_number, o.bank_sort_code, o.holder_name, o.user_id)
            IS DISTINCT FROM (n.bank_iban, n.bank_account_number, n.bank_sort_code, n.holder_name, n.user_id)
      ON CONFLICT (kind, subject_id) DO UPDATE SET queued_at = excluded.queued_at, claim = NULL, attempts = 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "bank_accounts_detail_changes_insert" AFTER INSERT ON "bank_accounts" REFERENCING NEW TABLE AS alert_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bank_detail_changes_track();--> statement-breakpoint
CREATE TRIGGER "bank_accounts_detail_changes_update" AFTER UPDATE ON "bank_accounts" REFERENCING OLD TABLE AS alert_old_rows NEW TABLE AS alert_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bank_detail_changes_track();--> statement-breakpoint
-- A client's phone changed: the shared-identifier rule looks at the client's open requests again.
CREATE FUNCTION "alert_queue_phone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO alert_queue (kind, subject_id, queued_at)
    VALUES ('client', NEW.id, extract(epoch from now())::bigint)
    ON CONFLICT (kind, subject_id) DO UPDATE SET queued_at = excluded.queued_at, claim = NULL, attempts = 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_alert_queue_phone" AFTER UPDATE OF "mobile_phone" ON "users"
  FOR EACH ROW WHEN (OLD.mobile_phone IS DISTINCT FROM NEW.mobile_phone AND NEW.role IN ('USER', 'PARTNER'))
  EXECUTE FUNCTION alert_queue_phone();
