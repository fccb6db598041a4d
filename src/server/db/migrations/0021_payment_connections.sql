-- custom SQL: technicians' own payment accounts (ADR 030). Customers' card payments, deposits and
-- refunds run on the technician's connected account; tokens are stored encrypted (AES-256-GCM).
CREATE TABLE IF NOT EXISTS "payment_connections" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "technician_id" integer NOT NULL REFERENCES "technicians"("id") ON DELETE CASCADE,
  "provider" text NOT NULL,
  "status" text DEFAULT 'connected' NOT NULL,
  "merchant_id" text NOT NULL,
  "location_id" text,
  "access_token_enc" text,
  "refresh_token_enc" text,
  "expires_at" timestamp with time zone,
  "scopes" text,
  "connected_at" timestamp with time zone NOT NULL,
  "disconnected_at" timestamp with time zone,
  "disconnect_reason" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "payment_connections_status_ck" CHECK ("status" in ('connected', 'disconnected'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "payment_connections_technician_provider_uq" ON "payment_connections" ("technician_id", "provider");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payment_connections_merchant_idx" ON "payment_connections" ("provider", "merchant_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "payment_oauth_states" (
  "state" text PRIMARY KEY NOT NULL,
  "technician_id" integer NOT NULL REFERENCES "technicians"("id") ON DELETE CASCADE,
  "provider" text NOT NULL,
  "return_to" text DEFAULT 'profile' NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payment_oauth_states_expires_idx" ON "payment_oauth_states" ("expires_at");
--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN IF NOT EXISTS "merchant_id" text;
