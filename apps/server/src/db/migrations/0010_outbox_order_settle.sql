-- The outbox keeps one MT5 login's operations in approval order, waits out a settle window
-- after an unknown outcome, finds a request's operations without LIKE, and archives settled rows.

-- The login an operation acts on (every kind names one), so the claim can keep a login's operations in
-- order and the password-status check needs no JSON look-up.
ALTER TABLE platform_operations ADD COLUMN IF NOT EXISTS login bigint;--> statement-breakpoint
UPDATE platform_operations SET login = (payload->>'login')::bigint WHERE login IS NULL;--> statement-breakpoint
ALTER TABLE platform_operations ALTER COLUMN login SET NOT NULL;--> statement-breakpoint
-- The request an operation serves: 'dep:<id>' for 'dep:<id>' and its repeats 'dep:<id>:<n>'.
ALTER TABLE platform_operations ADD COLUMN IF NOT EXISTS base_key text;--> statement-breakpoint
UPDATE platform_operations SET base_key = split_part(idempotency_key, ':', 1) || ':' || split_part(idempotency_key, ':', 2)
  WHERE base_key IS NULL;--> statement-breakpoint
ALTER TABLE platform_operations ALTER COLUMN base_key SET NOT NULL;--> statement-breakpoint
-- Approval order: ids are made from the clock, which two servers do not share; a sequence is one order.
ALTER TABLE platform_operations ADD COLUMN IF NOT EXISTS seq bigserial;--> statement-breakpoint
-- While set, an earlier send's outcome is unknown: nothing is sent before this time (epoch seconds).
ALTER TABLE platform_operations ADD COLUMN IF NOT EXISTS settle_until bigint;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS platform_operations_base_idx ON platform_operations (base_key);--> statement-breakpoint
-- The claim's "an earlier operation on this login is still open" check, and the open ones in order.
CREATE INDEX IF NOT EXISTS platform_operations_open_login_idx ON platform_operations (platform, login, seq)
  WHERE state IN ('queued', 'running');--> statement-breakpoint
CREATE INDEX IF NOT EXISTS platform_operations_open_seq_idx ON platform_operations (seq)
  WHERE state IN ('queued', 'running');--> statement-breakpoint
CREATE INDEX IF NOT EXISTS platform_operations_login_kind_idx ON platform_operations (login, kind, seq);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS platform_operations_settled_idx ON platform_operations (updated_at)
  WHERE state IN ('succeeded', 'failed');--> statement-breakpoint
-- Settled operations past OPERATIONS_RETENTION_DAYS move here: never lost, out of the hot table.
CREATE TABLE IF NOT EXISTS platform_operations_archive (
  id text PRIMARY KEY,
  idempotency_key text NOT NULL,
  base_key text NOT NULL,
  platform text NOT NULL,
  kind text NOT NULL,
  login bigint NOT NULL,
  seq bigint NOT NULL,
  payload jsonb NOT NULL,
  state text NOT NULL,
  attempts integer NOT NULL,
  result jsonb,
  last_error text NOT NULL,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  archived_at bigint NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS platform_operations_archive_key_uq ON platform_operations_archive (idempotency_key);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS platform_operations_archive_base_idx ON platform_operations_archive (base_key);
