-- How many attempts to post a step's message failed without Discord saying that it was not
-- made (no answer in time, a 5xx after the request reached it): Discord may have made it. If the
-- game moves past such a post before it is tried again, the bot looks for the message in the
-- channel and puts it on record, so that its buttons retire like any other message's (a retry
-- of the same version learns it through its nonce). Rows from before count none.
ALTER TABLE outbox ADD COLUMN unsure INTEGER NOT NULL DEFAULT 0;
