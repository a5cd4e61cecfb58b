-- The insolvency facts of an IBC engagement (docs/ibc-valuation.md, The insolvency facts): the NCLT bench, the
-- petition, the admission order (the insolvency commencement date), the applicant, the interim resolution
-- professional, the committee of creditors' constitution and the methodology meeting, as one JSON document.
ALTER TABLE engagements ADD COLUMN insolvency_facts jsonb;
