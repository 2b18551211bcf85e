-- A refund is claimed before its gateway is asked, by setting this where it is not set, in one statement: of an
-- admin's clicks and the automatic refund of a card check (and the worker's retries of it), one reaches the gateway.
-- A failed gateway call clears it; one left by a process that died expires (server/src/payments/refund-once.ts).
ALTER TABLE "payments" ADD COLUMN "refund_requested_at" timestamp with time zone;
