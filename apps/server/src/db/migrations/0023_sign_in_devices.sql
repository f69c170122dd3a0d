-- Sign-in without lockouts (docs/decisions.md "Sign-in without lockouts"): browsers that completed a
-- sign-in keep a device token (only its hash is stored) that exempts them from slowdowns caused by
-- others' failures; a ticket remembers the device it was opened from; an account's throttle row
-- remembers when its owner was last mailed about failed sign-ins.
CREATE TABLE "sign_in_devices" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sign_in_throttle" ADD COLUMN "notified_at" bigint;--> statement-breakpoint
ALTER TABLE "sign_in_tickets" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "sign_in_devices" ADD CONSTRAINT "sign_in_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_devices_user_idx" ON "sign_in_devices" USING btree ("user_id","expires_at");