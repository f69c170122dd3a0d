-- Substring filters (ILIKE '%text%') on the big lists use trigram indexes (docs/performance.md budgets).
-- pg_trgm is created by the app before migrations run (PGlite loads it as an extension module).
CREATE INDEX IF NOT EXISTS "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_surname_trgm_idx" ON "users" USING gin ("surname" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);
