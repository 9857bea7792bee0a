-- Four eyes on a payment run: when it was made under the rule, its file is released only after
-- a second admin, never the one who made it, approves it. Runs made before keep working as made.
ALTER TABLE payment_runs ADD COLUMN approval_required boolean NOT NULL DEFAULT false;
ALTER TABLE payment_runs ADD COLUMN approved_by uuid REFERENCES accounts (id);
ALTER TABLE payment_runs ADD COLUMN approved_at timestamptz;
ALTER TABLE payment_runs ADD CONSTRAINT payment_runs_approved_by_another CHECK (approved_by IS NULL OR approved_by <> created_by);
ALTER TABLE payment_runs ADD CONSTRAINT payment_runs_approval_complete CHECK ((approved_by IS NULL) = (approved_at IS NULL));
