-- Sign-in limits keyed by normalised identifiers. One row per thing that is counted:
-- 'password|<email>|<address>' (10 wrong passwords lock that address out of that account),
-- 'password|<email>' (50 from anywhere lock the account), 'code|<email>' (100 wrong codes across all
-- tickets lock the account). account is the normalised email, so a password reset lifts them all.
-- The rows are short-lived counters: the old per-email rows are dropped with the old table.
DROP TABLE IF EXISTS "sign_in_throttle";
--> statement-breakpoint
CREATE TABLE "sign_in_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" bigint,
	"last_failure_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sign_in_throttle_account_idx" ON "sign_in_throttle" ("account");
--> statement-breakpoint
-- A ticket's code is resent a few times at most: new tickets are capped per account, resends per ticket.
ALTER TABLE "sign_in_tickets" ADD COLUMN "resends" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Reset links are counted per user (a cap on reset mails) and voided per user (a new link voids older ones).
CREATE INDEX "password_resets_user_idx" ON "password_resets" ("user_id","created_at");
