-- custom SQL: one phone rule (src/shared/phone.ts). Every phone field now takes a US number and
-- stores it in E.164 ('+13015550199'); numbers stored before, as they were typed ('(301) 555-0199',
-- '301.555.0199', '1-301-555-0199'), are rewritten to it when they are US numbers by the same
-- rule (libphonenumber-js's US patterns, copied below). A number it cannot read ('12345', another
-- country's, one with an extension or words) is left as it was: the app shows it as typed and
-- never as a link.
-- Quotes and invoices keep the customer's phone as it was issued: an issued document renders
-- the same bytes at every download, and an invoice's printed hash covers the phone.
-- Safe to run again: an E.164 number is left as it is.
CREATE FUNCTION "wrenchly_phone_e164"(typed text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT '+1' || national
  FROM (
    SELECT right(digits, 10) AS national
    FROM (SELECT btrim(typed) AS trimmed, regexp_replace(typed, '\D', '', 'g') AS digits) AS parts
    -- Digits and the punctuation people type; a leading + only before the country code 1.
    WHERE trimmed ~ '^\+?[0-9 ().-]+$'
      AND digits ~ (CASE WHEN trimmed LIKE '+%' THEN '^1[0-9]{10}$' ELSE '^1?[0-9]{10}$' END)
  ) AS candidate
  -- A US number that exists: libphonenumber-js's patterns (fixed line and mobile, toll free,
  -- premium rate, personal numbers).
  WHERE national ~ '^(?:983[2-57-9]\d{6}|(?:2(?:0[1-35-9]|1[02-9]|2[03-57-9]|3[1459]|4[08]|5[1-46]|6[0279]|7[02469]|8[13])|3(?:0[1-57-9]|1[02-9]|2[013-79]|3[0-24679]|4[167]|5[0-3]|6[01349]|8[056])|4(?:0[124-9]|1[02-579]|2[3-5]|3[0245]|4[023578]|58|6[349]|7[02589]|8[04])|5(?:0[1-57-9]|1[0235-8]|20|3[0149]|4[01]|5[179]|6[1-47]|7[0-5]|8[0256])|6(?:0[1-35-9]|1[024-9]|2[03689]|3[016]|4[0156]|5[01679]|6[0-279]|78|8[0-269])|7(?:0[1-46-8]|1[2-9]|2[04-8]|3[0-2478]|4[0378]|5[47]|6[02359]|7[0-59]|8[156])|8(?:0[1-68]|1[02-8]|2[0168]|3[0-2589]|4[03578]|5[046-9]|6[02-5]|7[028])|9(?:0[1346-9]|1[02-9]|2[0589]|3[0146-8]|4[01357-9]|5[12469]|7[0-3589]|8[04-69]))[2-9]\d{6}|8(?:00|33|44|55|66|77|88)[2-9]\d{6}|900[2-9]\d{6}|52(?:3(?:[2-46-9][02-9]\d|5(?:[02-46-9]\d|5[0-46-9]))|4(?:[2-478][02-9]\d|5(?:[034]\d|2[024-9]|5[0-46-9])|6(?:0[1-9]|[2-9]\d)|9(?:[05-9]\d|2[0-5]|49)))\d{4}|52[34][2-9]1[02-9]\d{4}|5(?:00|2[125-9]|3[23]|44|66|77|88)[2-9]\d{6})$'
$$;
--> statement-breakpoint
UPDATE "users" SET "phone" = "wrenchly_phone_e164"("phone")
WHERE "wrenchly_phone_e164"("phone") <> "phone";
--> statement-breakpoint
UPDATE "technician_applications" SET "phone" = "wrenchly_phone_e164"("phone")
WHERE "wrenchly_phone_e164"("phone") <> "phone";
--> statement-breakpoint
UPDATE "contact_messages" SET "phone" = "wrenchly_phone_e164"("phone")
WHERE "wrenchly_phone_e164"("phone") <> "phone";
--> statement-breakpoint
UPDATE "service_requests" SET "contact_phone" = "wrenchly_phone_e164"("contact_phone")
WHERE "wrenchly_phone_e164"("contact_phone") <> "contact_phone";
--> statement-breakpoint
UPDATE "service_requests" SET "sms_updates_phone" = "wrenchly_phone_e164"("sms_updates_phone")
WHERE "wrenchly_phone_e164"("sms_updates_phone") <> "sms_updates_phone";
--> statement-breakpoint
UPDATE "notification_settings" SET "sms_phone" = "wrenchly_phone_e164"("sms_phone")
WHERE "wrenchly_phone_e164"("sms_phone") <> "sms_phone";
--> statement-breakpoint
DROP FUNCTION "wrenchly_phone_e164"(text);
