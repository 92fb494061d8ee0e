ALTER TABLE "payments" DROP CONSTRAINT "payments_provider_check";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_free_check" CHECK ("payments"."provider" <> 'free' or "payments"."amount_cents" = 0);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_provider_check" CHECK ("payments"."provider" in ('sandbox', 'mollie', 'stripe', 'free'));