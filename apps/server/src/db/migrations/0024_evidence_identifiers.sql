-- The payment side's identifiers, stored with each request (docs/product.md [evidence.identifiers]): where a
-- deposit came from, where a withdrawal goes and the holder name given for it. Nullable: the rows made
-- before keep none and read as "source unknown"; the per-client reads use the existing user indexes.
ALTER TABLE "deposits" ADD COLUMN "source_identifier" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "destination_identifier" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "destination_holder" text;