-- custom SQL: least data (ADR 027). A request's description no longer carries the customer's
-- contact: earlier versions of the form merged 'Customer:', 'Email:' and 'Phone:' lines into it,
-- and every technician offered the lead could read them. The contact lives in contact_name,
-- contact_email and contact_phone, which only the technician doing the job is shown.
-- Existing rows: a line's value fills its field where the field is empty ('Not specified' is
-- no value), then the lines leave the text (and the blank lines they leave at the end).
-- Safe to run again: once the lines are gone no row matches.
UPDATE "service_requests"
SET
  "contact_name" = coalesce(
    "contact_name",
    nullif(nullif(btrim(substring("description" from '(?n)^[ \t]*Customer:[ \t]*(.*)$')), ''), 'Not specified')
  ),
  "contact_email" = coalesce(
    "contact_email",
    lower(nullif(nullif(btrim(substring("description" from '(?n)^[ \t]*Email:[ \t]*(.*)$')), ''), 'Not specified'))
  ),
  "contact_phone" = coalesce(
    "contact_phone",
    nullif(nullif(btrim(substring("description" from '(?n)^[ \t]*Phone:[ \t]*(.*)$')), ''), 'Not specified')
  ),
  "description" = btrim(
    regexp_replace(
      regexp_replace("description", '^[ \t]*(Customer|Email|Phone):.*(\n|$)', '', 'gn'),
      '\n{3,}', E'\n\n', 'g'
    ),
    E' \t\r\n'
  )
WHERE "description" ~ '(?n)^[ \t]*(Customer|Email|Phone):';
