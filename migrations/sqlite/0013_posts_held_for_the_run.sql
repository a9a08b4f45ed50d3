-- A typed step that hands the turn to the computers owes a post their run tells: the run opens
-- its one message with the step's lines (the reply's `carried`), so the step is no message of
-- its own. `held_for_run` says the post waits for that run: a restart of the process that made
-- the step does not free it, and the computers' run does not wait for it; the sweeper's claim,
-- once the lease ran out, clears it (the post goes out as it is). Before this column the
-- holder's name said so with the prefix `carried:`; such rows are converted here.
ALTER TABLE outbox ADD COLUMN held_for_run INTEGER NOT NULL DEFAULT 0;
UPDATE outbox SET held_for_run = 1, claimed_by = substr(claimed_by, 9) WHERE claimed_by LIKE 'carried:%';
