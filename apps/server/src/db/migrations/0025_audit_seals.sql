CREATE TABLE "audit_seal" (
	"day" text PRIMARY KEY NOT NULL,
	"first_seq" integer NOT NULL,
	"last_seq" integer NOT NULL,
	"count" integer NOT NULL,
	"root" text NOT NULL,
	"head_hash" text NOT NULL,
	"key_id" text NOT NULL,
	"public_key" text NOT NULL,
	"signature" text NOT NULL,
	"sealed_at" bigint NOT NULL,
	"mailing_since" bigint,
	"mailed_at" bigint
);
