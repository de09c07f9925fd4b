-- Hand-written (issue 18): a document sent to the accounting system is sent again when it
-- changes here. Its link keeps a hash of what was last sent (the payload the other system
-- sees), so a save that changes nothing it sees (a note we do not send) costs no call; a void
-- sent is kept the same way ('void').
ALTER TABLE "integration_links" ADD COLUMN "sent_hash" text;
