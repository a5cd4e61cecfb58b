-- Idempotency-Key responses are now stored by the business write's own transaction: no request is ever
-- left 'in_progress'. Rows in that state are leftovers of a crash under the old three-transaction scheme.
DELETE FROM idempotency_keys WHERE status = 'in_progress';
