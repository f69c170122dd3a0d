CREATE TABLE "applications" (
	"user_id" text PRIMARY KEY NOT NULL,
	"user" jsonb NOT NULL,
	"employment_income" jsonb NOT NULL,
	"trading_experience" jsonb NOT NULL,
	"trading_preferences" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" bigint NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"ip" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"bank_name" text NOT NULL,
	"bank_address" text DEFAULT '' NOT NULL,
	"bank_country" text NOT NULL,
	"bank_account_currency" text NOT NULL,
	"bank_account_number" text DEFAULT '' NOT NULL,
	"bank_sort_code" text DEFAULT '' NOT NULL,
	"bank_iban" text DEFAULT '' NOT NULL,
	"bank_swift" text DEFAULT '' NOT NULL,
	"bank_poa" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"timestamp" bigint NOT NULL,
	"change_document" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_logs" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"timestamp" bigint NOT NULL,
	"event" text NOT NULL,
	"actioned_by" text NOT NULL,
	"custom_name" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"timestamp" bigint NOT NULL,
	"transaction_id" text DEFAULT '' NOT NULL,
	"payment_gateway_service" text DEFAULT '' NOT NULL,
	"deposit_type" text DEFAULT '' NOT NULL,
	"deposit_payment_name" text DEFAULT '' NOT NULL,
	"deposit_currency" text NOT NULL,
	"deposit_amount_sent" numeric(18, 2) NOT NULL,
	"account_number" bigint NOT NULL,
	"account_platform" text DEFAULT 'MT5' NOT NULL,
	"status" text NOT NULL,
	"admin_id" text DEFAULT '' NOT NULL,
	"time_approved" bigint,
	"time_rejected" bigint,
	"comment" text DEFAULT '' NOT NULL,
	"modify_deal_amount" boolean DEFAULT false NOT NULL,
	"dont_email_user" boolean DEFAULT false NOT NULL,
	"mt_status" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dev_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"sent_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_confirmations" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"purpose" text NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"used_at" bigint
);
--> statement-breakpoint
CREATE TABLE "generated_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"agent_code" integer NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"timestamp" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"group_id" text PRIMARY KEY NOT NULL,
	"group_name" text NOT NULL,
	"group_status" text NOT NULL,
	"timestamp" bigint NOT NULL,
	"copy" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ib_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"agent_code" integer NOT NULL,
	"status_code" text NOT NULL,
	"link" text NOT NULL,
	"timestamp" bigint NOT NULL,
	"time_created" bigint NOT NULL,
	"time_approved" bigint
);
--> statement-breakpoint
CREATE TABLE "ib_quota" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"available_ib_codes" integer NOT NULL,
	"total_ib_codes" integer NOT NULL,
	"available_subcodes" integer NOT NULL,
	"total_subcodes" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ib_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"question1" text DEFAULT '' NOT NULL,
	"answer1" text DEFAULT '' NOT NULL,
	"question2" text DEFAULT '' NOT NULL,
	"answer2" text DEFAULT '' NOT NULL,
	"question3" text DEFAULT '' NOT NULL,
	"answer3" text DEFAULT '' NOT NULL,
	"question4" text DEFAULT '' NOT NULL,
	"answer4" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"error_message" text DEFAULT '' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"timestamp" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"id_doc_type" text NOT NULL,
	"image_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"uploaded" boolean DEFAULT false NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"inspection_id" text DEFAULT '' NOT NULL,
	"timestamp" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leverage_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"account_number" bigint NOT NULL,
	"account_type" text NOT NULL,
	"old_leverage" text NOT NULL,
	"new_leverage" text NOT NULL,
	"status" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"timestamp" bigint NOT NULL,
	"mt_status" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_email_settings" (
	"partner_id" text PRIMARY KEY NOT NULL,
	"agent_code" integer,
	"partner_user_registered" boolean DEFAULT true NOT NULL,
	"partner_user_approved" boolean DEFAULT true NOT NULL,
	"partner_user_kyc_approved" boolean DEFAULT true NOT NULL,
	"partner_user_deposited" boolean DEFAULT true NOT NULL,
	"partner_user_withdrawal_request" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"used_at" bigint
);
--> statement-breakpoint
CREATE TABLE "platform_operations" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"platform" text DEFAULT 'MT5' NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" bigint NOT NULL,
	"locked_until" bigint,
	"result" jsonb,
	"last_error" text DEFAULT '' NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_status" (
	"platform" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"last_working" bigint,
	"checked_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"created_at" bigint NOT NULL,
	"last_active_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"revoked_at" bigint,
	"deposits_seen_at" bigint NOT NULL,
	"device_type" text DEFAULT '' NOT NULL,
	"browser_name" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_throttle" (
	"email" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" bigint,
	"last_failure_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_tickets" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"code_hash" text NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"used_at" bigint
);
--> statement-breakpoint
CREATE TABLE "sim_accounts" (
	"login" bigint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"group_name" text NOT NULL,
	"leverage" integer NOT NULL,
	"balance" numeric(18, 2) DEFAULT 0 NOT NULL,
	"password_main" text NOT NULL,
	"password_investor" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_deals" (
	"deal" serial PRIMARY KEY NOT NULL,
	"login" bigint NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"comment" text NOT NULL,
	"time" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_settings" (
	"key" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "sim_settings_key_pk" PRIMARY KEY("key")
);
--> statement-breakpoint
CREATE TABLE "sub_account_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"live" boolean NOT NULL,
	"platform" text DEFAULT 'MT5' NOT NULL,
	"base_currency" text NOT NULL,
	"leverage" integer NOT NULL,
	"balance" numeric(18, 2),
	"status" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"time_created" bigint NOT NULL,
	"admin_requested" boolean DEFAULT false NOT NULL,
	"account_id" text
);
--> statement-breakpoint
CREATE TABLE "trading_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"number" bigint NOT NULL,
	"platform" text DEFAULT 'MT5' NOT NULL,
	"live" boolean NOT NULL,
	"approved" boolean DEFAULT false NOT NULL,
	"manager_group" text DEFAULT '' NOT NULL,
	"account_group" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"base_currency" text NOT NULL,
	"leverage" integer NOT NULL,
	"balance" numeric(18, 2) DEFAULT 0 NOT NULL,
	"equity" numeric(18, 2) DEFAULT 0 NOT NULL,
	"time_created" bigint NOT NULL,
	"time_approved" bigint,
	"admin_id" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"source_account" bigint NOT NULL,
	"source_account_platform" text DEFAULT 'MT5' NOT NULL,
	"destination_account" bigint NOT NULL,
	"destination_account_platform" text DEFAULT 'MT5' NOT NULL,
	"transfer_currency" text NOT NULL,
	"transfer_amount" numeric(18, 2) NOT NULL,
	"source_mt_status" text DEFAULT '' NOT NULL,
	"destination_mt_status" text DEFAULT '' NOT NULL,
	"timestamp" bigint NOT NULL,
	"status" text NOT NULL,
	"times" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"comment" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"role" text DEFAULT 'USER' NOT NULL,
	"title" text,
	"name" text NOT NULL,
	"surname" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"mobile_phone" text DEFAULT '' NOT NULL,
	"birth_day" smallint,
	"birth_month" smallint,
	"birth_year" smallint,
	"address_no" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"postcode" text DEFAULT '' NOT NULL,
	"county" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"nationality" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"account_type" text DEFAULT 'Individual' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"agent_code" integer,
	"nullpoint_cmp_id" text DEFAULT '' NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"e_kyc_approved" boolean DEFAULT false NOT NULL,
	"e_kyc_pending" boolean DEFAULT false NOT NULL,
	"e_kyc_flagged" boolean DEFAULT false NOT NULL,
	"registered" boolean DEFAULT false NOT NULL,
	"first_account_created" boolean DEFAULT false NOT NULL,
	"timestamp" bigint NOT NULL,
	"hubspot_lifecycle_id" text
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"gateway" text DEFAULT '' NOT NULL,
	"payment_gateway_service" text DEFAULT '' NOT NULL,
	"request_id" text DEFAULT '' NOT NULL,
	"withdrawal_type" text NOT NULL,
	"withdrawal_payment_name" text DEFAULT '' NOT NULL,
	"crypto_currency" text DEFAULT '' NOT NULL,
	"withdrawal_currency" text NOT NULL,
	"withdrawal_amount" numeric(18, 2) NOT NULL,
	"account_number" bigint NOT NULL,
	"timestamp" bigint NOT NULL,
	"time_approved" bigint,
	"admin_id" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"dont_email_user" boolean DEFAULT false NOT NULL,
	"modify_deal_amount" boolean DEFAULT false NOT NULL,
	"mt_status" text DEFAULT '' NOT NULL,
	"bank_id" text DEFAULT '' NOT NULL,
	"provider_handled" boolean DEFAULT false NOT NULL,
	"provider_order_id" text DEFAULT '' NOT NULL,
	"provider_status" text DEFAULT '' NOT NULL,
	"provider_payout_status" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_logs" ADD CONSTRAINT "client_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_confirmations" ADD CONSTRAINT "email_confirmations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ib_requests" ADD CONSTRAINT "ib_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leverage_changes" ADD CONSTRAINT "leverage_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_email_settings" ADD CONSTRAINT "partner_email_settings_partner_id_users_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_tickets" ADD CONSTRAINT "sign_in_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_account_requests" ADD CONSTRAINT "sub_account_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_accounts" ADD CONSTRAINT "trading_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "bank_accounts_status_ts_idx" ON "bank_accounts" USING btree ("status","timestamp" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "client_logs_user_ts_idx" ON "client_logs" USING btree ("user_id","timestamp" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deposits_status_ts_idx" ON "deposits" USING btree ("status","timestamp" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deposits_user_idx" ON "deposits" USING btree ("user_id","timestamp" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "generated_codes_agent_idx" ON "generated_codes" USING btree ("agent_code");--> statement-breakpoint
CREATE UNIQUE INDEX "generated_codes_code_uq" ON "generated_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "ib_codes_agent_code_uq" ON "ib_codes" USING btree ("agent_code");--> statement-breakpoint
CREATE INDEX "ib_requests_status_ts_idx" ON "ib_requests" USING btree ("status","timestamp" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "kyc_documents_user_idx" ON "kyc_documents" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "leverage_changes_status_ts_idx" ON "leverage_changes" USING btree ("status","timestamp" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "platform_operations_key_uq" ON "platform_operations" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "platform_operations_due_idx" ON "platform_operations" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sign_in_tickets_user_idx" ON "sign_in_tickets" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sim_deals_login_comment_idx" ON "sim_deals" USING btree ("login","comment");--> statement-breakpoint
CREATE INDEX "sub_account_requests_status_ts_idx" ON "sub_account_requests" USING btree ("status","time_created" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "trading_accounts_platform_number_uq" ON "trading_accounts" USING btree ("platform","number");--> statement-breakpoint
CREATE INDEX "trading_accounts_user_idx" ON "trading_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "trading_accounts_live_created_idx" ON "trading_accounts" USING btree ("live","approved","time_created" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transfers_status_ts_idx" ON "transfers" USING btree ("status","timestamp" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transfers_user_idx" ON "transfers" USING btree ("user_id","timestamp" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_status_ts_idx" ON "users" USING btree ("status","timestamp" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_ts_idx" ON "users" USING btree ("timestamp" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_agent_code_idx" ON "users" USING btree ("agent_code");--> statement-breakpoint
CREATE INDEX "withdrawals_status_ts_idx" ON "withdrawals" USING btree ("status","timestamp" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","timestamp" DESC NULLS LAST);