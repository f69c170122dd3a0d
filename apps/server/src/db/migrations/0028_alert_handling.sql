-- Alerts handled on the request (docs/product.md [alerts.on-approval]): the decision engine reads the open
-- and confirmed alerts of the request it locks, and the money lists flag their rows and filter to the
-- flagged ones. Both ask "the unresolved or confirmed alerts of these requests", answered by this partial
-- index without reading the alerts already cleared (the most of them, in time).
CREATE INDEX IF NOT EXISTS "alerts_flagged_request_idx" ON "alerts" USING btree ("request_type", "request_id", "status") WHERE "status" IN ('open', 'confirmed');
--> statement-breakpoint
-- The sidebar's Alerts badge: the open alerts, a row of menu_counters kept by the statement triggers of
-- migration 0014, like the other counters.
INSERT INTO "menu_counters" ("name", "table_name", "predicate") VALUES ('openAlerts', 'alerts', $p$status = 'open'$p$)
ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
CREATE TRIGGER "alerts_counters_insert" AFTER INSERT ON "alerts" REFERENCING NEW TABLE AS menu_new_rows FOR EACH STATEMENT EXECUTE FUNCTION menu_counters_track();
--> statement-breakpoint
CREATE TRIGGER "alerts_counters_update" AFTER UPDATE ON "alerts" REFERENCING OLD TABLE AS menu_old_rows NEW TABLE AS menu_new_rows FOR EACH STATEMENT EXECUTE FUNCTION menu_counters_track();
--> statement-breakpoint
CREATE TRIGGER "alerts_counters_delete" AFTER DELETE ON "alerts" REFERENCING OLD TABLE AS menu_old_rows FOR EACH STATEMENT EXECUTE FUNCTION menu_counters_track();
--> statement-breakpoint
CREATE TRIGGER "alerts_counters_truncate" AFTER TRUNCATE ON "alerts" FOR EACH STATEMENT EXECUTE FUNCTION menu_counters_track();
--> statement-breakpoint
UPDATE "menu_counters" SET "n" = (SELECT count(*) FROM "alerts" WHERE "status" = 'open') WHERE "name" = 'openAlerts';
--> statement-breakpoint
-- Live updates: an alert raised, assigned or resolved announces the topic "alerts" (migration 0007), so the
-- badge, the /alerts screen and the flags on the lists follow at once.
CREATE TRIGGER "alerts_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "alerts"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
