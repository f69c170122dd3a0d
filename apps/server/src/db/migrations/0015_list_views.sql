-- Per-staff table settings: the columns and density of each list, and saved views (named
-- filters, sort, page size and columns). Rows go with their staff member. hidden_columns null: the
-- member never chose, the list's own defaults apply.
CREATE TABLE IF NOT EXISTS "list_preferences" (
	"staff_id" text NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"list" text NOT NULL,
	"hidden_columns" jsonb,
	"density" text DEFAULT 'comfortable' NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "list_preferences_pk" PRIMARY KEY ("staff_id", "list")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "saved_views" (
	"id" text PRIMARY KEY NOT NULL,
	"staff_id" text NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"list" text NOT NULL,
	"name" text NOT NULL,
	"state" jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
-- One name per list and member (whatever the case), and at most one default per list and member.
CREATE UNIQUE INDEX IF NOT EXISTS "saved_views_name_uq" ON "saved_views" ("staff_id", "list", lower("name"));
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "saved_views_default_uq" ON "saved_views" ("staff_id", "list") WHERE "is_default";
