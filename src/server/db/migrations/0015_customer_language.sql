-- The language we write to each person in (decision 025): their e-mails are composed in it when
-- they are sent. English for everyone who exists today, as their e-mails have been; the check keeps
-- the column to the languages the server has words for. Adding a column with a constant default
-- rewrites no rows on PostgreSQL 11 and later.
ALTER TABLE "user" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_language_valid" CHECK ("user"."language" in ('en', 'bn'));
