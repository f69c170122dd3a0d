-- Live updates: every change to a request table (whoever makes it: this server, the client portal writing
-- the same database, an operator's SQL) sends NOTIFY brokerdesk_changes with the table's name, in the
-- same transaction, so it is delivered on commit to every server process that listens. One per statement:
-- PostgreSQL folds identical notifications of one transaction into one, so bulk loads stay cheap.
CREATE OR REPLACE FUNCTION "notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('brokerdesk_changes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "users"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
--> statement-breakpoint
CREATE TRIGGER "ib_requests_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "ib_requests"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
--> statement-breakpoint
CREATE TRIGGER "deposits_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "deposits"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
--> statement-breakpoint
CREATE TRIGGER "withdrawals_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "withdrawals"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
--> statement-breakpoint
CREATE TRIGGER "transfers_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "transfers"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
--> statement-breakpoint
CREATE TRIGGER "bank_accounts_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "bank_accounts"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
--> statement-breakpoint
CREATE TRIGGER "sub_account_requests_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "sub_account_requests"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
--> statement-breakpoint
CREATE TRIGGER "leverage_changes_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "leverage_changes"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
--> statement-breakpoint
-- A platform light changes colour only when the status does; the checker's writes every 5 s that keep
-- the same status notify nothing.
CREATE TRIGGER "platform_status_notify_insert" AFTER INSERT ON "platform_status"
FOR EACH ROW EXECUTE FUNCTION "notify_change"();
--> statement-breakpoint
CREATE TRIGGER "platform_status_notify_change" AFTER UPDATE ON "platform_status"
FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION "notify_change"();
--> statement-breakpoint
-- A session ended (logout, reset, role change, a SYSOP ending it): servers close its live streams at once.
CREATE TRIGGER "sessions_notify_revoked" AFTER UPDATE ON "sessions"
FOR EACH ROW WHEN (OLD."revoked_at" IS NULL AND NEW."revoked_at" IS NOT NULL) EXECUTE FUNCTION "notify_change"();
--> statement-breakpoint
-- Global search (Ctrl+K): prefix matches through B-tree indexes in the "C" collation, so a prefix is a
-- range scan in index order that stops at the per-group limit, whatever the database's locale.
CREATE INDEX IF NOT EXISTS "users_email_prefix_idx" ON "users" ((lower("email") COLLATE "C"));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_full_name_prefix_idx" ON "users" ((lower("name" || ' ' || "surname") COLLATE "C"));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_surname_prefix_idx" ON "users" ((lower("surname") COLLATE "C"));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_phone_digits_idx" ON "users" ((regexp_replace("mobile_phone", '[^0-9]', '', 'g') COLLATE "C"));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "trading_accounts_number_text_idx" ON "trading_accounts" (("number"::text COLLATE "C"));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "deposits_transaction_id_prefix_idx" ON "deposits" ((lower("transaction_id") COLLATE "C"));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "withdrawals_request_id_prefix_idx" ON "withdrawals" ((lower("request_id") COLLATE "C"));
