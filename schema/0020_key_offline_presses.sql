-- A device that worked offline sends its presses later under ids it made for them: a press
-- sent again (the batch retried) is recognised and made once.
ALTER TABLE timer_presses ADD COLUMN press_id uuid;
ALTER TABLE timer_presses ADD CONSTRAINT timer_presses_one_per_device_id UNIQUE (account_id, press_id);
