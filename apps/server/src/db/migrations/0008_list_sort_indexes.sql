-- The list indexes were made "DESC NULLS LAST", but the lists order by "DESC" (nulls first), so
-- PostgreSQL could not walk them and sorted the whole table for every page (tools/bench: 500 ms at
-- 1,000,000 clients). Plain DESC serves both directions. The time-only indexes serve the tabs that
-- are a NOT IN over statuses (historical, approved); the amount and name indexes the sorts the
-- screens offer most.
DROP INDEX IF EXISTS bank_accounts_status_ts_idx;--> statement-breakpoint
CREATE INDEX bank_accounts_status_ts_idx ON bank_accounts USING btree (status, "timestamp" DESC, id DESC);--> statement-breakpoint
DROP INDEX IF EXISTS client_logs_user_ts_idx;--> statement-breakpoint
CREATE INDEX client_logs_user_ts_idx ON client_logs USING btree (user_id, "timestamp" DESC);--> statement-breakpoint
DROP INDEX IF EXISTS deposits_status_ts_idx;--> statement-breakpoint
CREATE INDEX deposits_status_ts_idx ON deposits USING btree (status, "timestamp" DESC, id DESC);--> statement-breakpoint
DROP INDEX IF EXISTS deposits_user_idx;--> statement-breakpoint
CREATE INDEX deposits_user_idx ON deposits USING btree (user_id, "timestamp" DESC);--> statement-breakpoint
DROP INDEX IF EXISTS ib_requests_status_ts_idx;--> statement-breakpoint
CREATE INDEX ib_requests_status_ts_idx ON ib_requests USING btree (status, "timestamp" DESC);--> statement-breakpoint
DROP INDEX IF EXISTS leverage_changes_status_ts_idx;--> statement-breakpoint
CREATE INDEX leverage_changes_status_ts_idx ON leverage_changes USING btree (status, "timestamp" DESC, id DESC);--> statement-breakpoint
DROP INDEX IF EXISTS reconciliation_reports_login_idx;--> statement-breakpoint
CREATE INDEX reconciliation_reports_login_idx ON reconciliation_reports USING btree (login, started_at DESC);--> statement-breakpoint
DROP INDEX IF EXISTS reconciliation_reports_started_idx;--> statement-breakpoint
CREATE INDEX reconciliation_reports_started_idx ON reconciliation_reports USING btree (started_at DESC, id DESC);--> statement-breakpoint
DROP INDEX IF EXISTS sign_in_tickets_user_idx;--> statement-breakpoint
CREATE INDEX sign_in_tickets_user_idx ON sign_in_tickets USING btree (user_id, created_at DESC);--> statement-breakpoint
DROP INDEX IF EXISTS sub_account_requests_status_ts_idx;--> statement-breakpoint
CREATE INDEX sub_account_requests_status_ts_idx ON sub_account_requests USING btree (status, time_created DESC, id DESC);--> statement-breakpoint
DROP INDEX IF EXISTS trading_accounts_live_created_idx;--> statement-breakpoint
CREATE INDEX trading_accounts_live_created_idx ON trading_accounts USING btree (live, approved, time_created DESC, id DESC);--> statement-breakpoint
DROP INDEX IF EXISTS transfers_status_ts_idx;--> statement-breakpoint
CREATE INDEX transfers_status_ts_idx ON transfers USING btree (status, "timestamp" DESC, id DESC);--> statement-breakpoint
DROP INDEX IF EXISTS transfers_user_idx;--> statement-breakpoint
CREATE INDEX transfers_user_idx ON transfers USING btree (user_id, "timestamp" DESC);--> statement-breakpoint
DROP INDEX IF EXISTS users_status_ts_idx;--> statement-breakpoint
CREATE INDEX users_status_ts_idx ON users USING btree (status, "timestamp" DESC, id DESC);--> statement-breakpoint
DROP INDEX IF EXISTS users_ts_idx;--> statement-breakpoint
CREATE INDEX users_ts_idx ON users USING btree ("timestamp" DESC, id DESC);--> statement-breakpoint
DROP INDEX IF EXISTS withdrawals_status_ts_idx;--> statement-breakpoint
CREATE INDEX withdrawals_status_ts_idx ON withdrawals USING btree (status, "timestamp" DESC, id DESC);--> statement-breakpoint
DROP INDEX IF EXISTS withdrawals_user_idx;--> statement-breakpoint
CREATE INDEX withdrawals_user_idx ON withdrawals USING btree (user_id, "timestamp" DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_name_sort_idx ON users USING btree (name, id);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_email_sort_idx ON users USING btree (email, id);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS deposits_ts_idx ON deposits USING btree ("timestamp" DESC, id DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS deposits_amount_sort_idx ON deposits USING btree (deposit_amount_sent, id);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS withdrawals_ts_idx ON withdrawals USING btree ("timestamp" DESC, id DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS withdrawals_amount_sort_idx ON withdrawals USING btree (withdrawal_amount, id);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS transfers_ts_idx ON transfers USING btree ("timestamp" DESC, id DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS transfers_amount_sort_idx ON transfers USING btree (transfer_amount, id);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS trading_accounts_balance_sort_idx ON trading_accounts USING btree (live, approved, balance, id);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS deposits_transaction_id_trgm_idx ON deposits USING gin (transaction_id gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS withdrawals_request_id_trgm_idx ON withdrawals USING gin (request_id gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS trading_accounts_kind_created_idx ON trading_accounts USING btree (live, time_created DESC, id DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_partners_ts_idx ON users USING btree ("timestamp" DESC, id DESC) WHERE role = 'PARTNER' AND agent_code IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_partner_agent_idx ON users USING btree (agent_code, id) WHERE role = 'PARTNER';
