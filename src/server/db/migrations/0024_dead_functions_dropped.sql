-- Two helpers of the e-mail the database once composed (migration 0011): since the server composes
-- decision e-mail (migration 0014, src/server/mail/decision-templates.ts) nothing calls them. Our SQL
-- functions now each have a file in src/server/db/functions/ (decision 048); these two get none and
-- go. IF EXISTS: a database created after the functions left the migrations never had them.
DROP FUNCTION IF EXISTS nexapay_html(text);--> statement-breakpoint
DROP FUNCTION IF EXISTS nexapay_display_bdt(bigint);
