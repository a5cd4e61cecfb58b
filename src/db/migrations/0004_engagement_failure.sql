-- Why an engagement FAILED, in words a valuer can act on (computation error or gate rejection).
ALTER TABLE engagements ADD COLUMN failure_reason text;
