-- Four-eyes on out of the box: a fresh database (no user yet, no threshold) starts with a threshold of
-- 10,000 per currency for deposits, withdrawals and transfers. A database that already has users keeps
-- its settings, none included (docs/decisions.md "Four-eyes on by default").
INSERT INTO "approval_thresholds" ("request_type", "currency", "amount", "updated_by", "updated_at")
SELECT kinds.request_type, currencies.currency, 10000, '', extract(epoch from now())::bigint
FROM (VALUES ('deposit'), ('withdrawal'), ('transfer')) AS kinds(request_type)
CROSS JOIN (VALUES ('EUR'), ('GBP'), ('USD')) AS currencies(currency)
WHERE NOT EXISTS (SELECT 1 FROM "users") AND NOT EXISTS (SELECT 1 FROM "approval_thresholds");
