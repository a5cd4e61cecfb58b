-- A FEMA issue of a convertible (CCPS, CCD): the conversion price per equity share agreed upfront, which
-- NDI Rule 21 wants not below the fair value at issue. Rupees per share as exact text, like the proposed price.
ALTER TABLE engagements ADD COLUMN conversion_price_per_share text;
