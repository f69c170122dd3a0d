-- The operations dashboard: totals kept by the database in the same transaction as each
-- change, so the dashboard reads a few hundred small rows whatever the size of the book, and history
-- the status checker would otherwise overwrite every five seconds.
--
-- Approved money per hour (epoch seconds / 3600), kind and currency. Hours rather than days so that
-- "today" can be the staff member's own day in their time zone (the console's setting), not UTC's.
CREATE TABLE IF NOT EXISTS "funding_hourly" (
  "hour" integer NOT NULL,
  "kind" text NOT NULL,
  "currency" text NOT NULL,
  "n" bigint NOT NULL DEFAULT 0,
  "amount" numeric(20, 2) NOT NULL DEFAULT 0,
  CONSTRAINT "funding_hourly_pk" PRIMARY KEY ("hour", "kind", "currency")
);
--> statement-breakpoint
-- Decisions per staff member and hour, from the audit trail (the one record every kind of request
-- leaves; only deposits and withdrawals name their approver on the row itself).
CREATE TABLE IF NOT EXISTS "staff_decisions_hourly" (
  "hour" integer NOT NULL,
  "staff_id" text NOT NULL,
  "approved" integer NOT NULL DEFAULT 0,
  "rejected" integer NOT NULL DEFAULT 0,
  CONSTRAINT "staff_decisions_hourly_pk" PRIMARY KEY ("hour", "staff_id")
);
--> statement-breakpoint
-- Every change of a platform's status (not every check): a flapping platform writes a row per change,
-- a steady one none. Rows older than 90 days are dropped as new ones come.
CREATE TABLE IF NOT EXISTS "platform_status_history" (
  "id" bigserial PRIMARY KEY,
  "platform" text NOT NULL,
  "status" text NOT NULL,
  "at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "platform_status_history_platform_at_idx" ON "platform_status_history" USING btree ("platform", "at" DESC, "id" DESC);
--> statement-breakpoint
-- Four-eyes approvals waiting for their second approver: counted and the oldest found from this index alone.
CREATE INDEX IF NOT EXISTS "funding_approvals_awaiting_idx" ON "funding_approvals" USING btree ("request_type", "first_at") WHERE "state" = 'awaiting';
--> statement-breakpoint
-- What an audit action means for the dashboard: 'approved', 'rejected', or null (not a decision). First
-- approvals of the four-eyes rule count as approvals: they are a staff member's decision too.
CREATE OR REPLACE FUNCTION "staff_decision_of"(action text, after jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN action = 'client.status' THEN
      CASE after ->> 'status' WHEN 'approved' THEN 'approved' WHEN 'rejected' THEN 'rejected' END
    WHEN split_part(action, '.', 1) NOT IN ('deposit', 'withdrawal', 'transfer', 'bank-account', 'leverage', 'subaccount', 'ib-request') THEN NULL
    WHEN split_part(action, '.', 2) IN ('approved', 'approve_process', 'approve-process', 'first-approval', 'approve-awaiting-provider') THEN 'approved'
    WHEN split_part(action, '.', 2) = 'rejected' THEN 'rejected'
  END
$$;
--> statement-breakpoint
-- One statement's change to the hourly totals of its table (deposits or withdrawals): approved rows among
-- the new rows added, among the old rows taken away, so edits, re-decisions and bulk loads all stay right.
-- TG_ARGV: the kind, the currency column and the amount column. Keys are written in order, so two
-- statements touching the same hours cannot deadlock on them.
CREATE OR REPLACE FUNCTION "funding_hourly_track"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  the_kind text := TG_ARGV[0];
  rows_of text := format('select (time_approved / 3600)::int as hour, %I as currency, %%s as n, %%s * %I as amount from %%I where status = %L and time_approved is not null', TG_ARGV[1], TG_ARGV[2], 'approved');
  parts text[] := '{}';
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "funding_hourly" WHERE "funding_hourly"."kind" = the_kind;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN parts := parts || format(rows_of, 1, 1, 'funding_new_rows'); END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN parts := parts || format(rows_of, -1, -1, 'funding_old_rows'); END IF;
  EXECUTE format(
    'insert into funding_hourly as f (hour, kind, currency, n, amount)
     select hour, %L, currency, sum(n), sum(amount) from (%s) d
     group by hour, currency having sum(n) <> 0 or sum(amount) <> 0 order by hour, currency
     on conflict (hour, kind, currency) do update set n = f.n + excluded.n, amount = f.amount + excluded.amount',
    the_kind, array_to_string(parts, ' union all '));
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES ('deposits', 'deposit', 'deposit_currency', 'deposit_amount_sent'),
                                 ('withdrawals', 'withdrawal', 'withdrawal_currency', 'withdrawal_amount')) AS v(tbl, kind, cur, amt) LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS funding_new_rows FOR EACH STATEMENT EXECUTE FUNCTION funding_hourly_track(%L, %L, %L)', t.tbl || '_funding_hourly_insert', t.tbl, t.kind, t.cur, t.amt);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS funding_old_rows NEW TABLE AS funding_new_rows FOR EACH STATEMENT EXECUTE FUNCTION funding_hourly_track(%L, %L, %L)', t.tbl || '_funding_hourly_update', t.tbl, t.kind, t.cur, t.amt);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS funding_old_rows FOR EACH STATEMENT EXECUTE FUNCTION funding_hourly_track(%L, %L, %L)', t.tbl || '_funding_hourly_delete', t.tbl, t.kind, t.cur, t.amt);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION funding_hourly_track(%L, %L, %L)', t.tbl || '_funding_hourly_truncate', t.tbl, t.kind, t.cur, t.amt);
  END LOOP;
END
$$;
--> statement-breakpoint
-- The audit trail is append-only, so a decision is only ever added.
CREATE OR REPLACE FUNCTION "staff_decisions_track"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d text := staff_decision_of(NEW.action, NEW.after);
BEGIN
  INSERT INTO "staff_decisions_hourly" AS s ("hour", "staff_id", "approved", "rejected")
  VALUES ((NEW.at / 3600)::int, NEW.actor_id, (d = 'approved')::int, (d = 'rejected')::int)
  ON CONFLICT ("hour", "staff_id") DO UPDATE
    SET "approved" = s."approved" + excluded."approved", "rejected" = s."rejected" + excluded."rejected";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_staff_decisions" AFTER INSERT ON "audit_log"
FOR EACH ROW WHEN (NEW."actor_id" IS NOT NULL AND staff_decision_of(NEW."action", NEW."after") IS NOT NULL)
EXECUTE FUNCTION "staff_decisions_track"();
--> statement-breakpoint
-- A status change (or a platform's first check) becomes a history row; the checker's writes that keep
-- the same status add nothing.
CREATE OR REPLACE FUNCTION "platform_status_record"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "platform_status_history" ("platform", "status", "at") VALUES (NEW."platform", NEW."status", NEW."checked_at");
  DELETE FROM "platform_status_history" WHERE "platform" = NEW."platform" AND "at" < NEW."checked_at" - 90 * 86400;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "platform_status_history_insert" AFTER INSERT ON "platform_status"
FOR EACH ROW EXECUTE FUNCTION "platform_status_record"();
--> statement-breakpoint
CREATE TRIGGER "platform_status_history_update" AFTER UPDATE ON "platform_status"
FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION "platform_status_record"();
--> statement-breakpoint
-- Counts from scratch: the migration's starting values, and an operator's repair if a total was ever
-- edited by hand (the tests compare the kept totals with this).
CREATE OR REPLACE FUNCTION "dashboard_totals_recount"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "funding_hourly";
  INSERT INTO "funding_hourly" ("hour", "kind", "currency", "n", "amount")
  SELECT (time_approved / 3600)::int, 'deposit', deposit_currency, count(*), sum(deposit_amount_sent)
  FROM deposits WHERE status = 'approved' AND time_approved IS NOT NULL GROUP BY 1, 3
  UNION ALL
  SELECT (time_approved / 3600)::int, 'withdrawal', withdrawal_currency, count(*), sum(withdrawal_amount)
  FROM withdrawals WHERE status = 'approved' AND time_approved IS NOT NULL GROUP BY 1, 3;
  DELETE FROM "staff_decisions_hourly";
  INSERT INTO "staff_decisions_hourly" ("hour", "staff_id", "approved", "rejected")
  SELECT (at / 3600)::int, actor_id,
         count(*) FILTER (WHERE staff_decision_of(action, after) = 'approved'),
         count(*) FILTER (WHERE staff_decision_of(action, after) = 'rejected')
  FROM audit_log WHERE actor_id IS NOT NULL AND staff_decision_of(action, after) IS NOT NULL GROUP BY 1, 2;
END
$$;
--> statement-breakpoint
SELECT "dashboard_totals_recount"();
--> statement-breakpoint
INSERT INTO "platform_status_history" ("platform", "status", "at")
SELECT "platform", "status", "checked_at" FROM "platform_status";
