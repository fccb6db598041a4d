-- Reference data: the three subscription plans, so a production start has them without the
-- demo seed. Idempotent: a database that already has them (by name or rank) keeps its rows.
INSERT INTO "plans" ("name", "price_cents", "description", "features", "popular", "rank") VALUES
	('Basic', 299, 'Everything you need to get listed and start receiving leads.',
		ARRAY['Platform access', 'Lead notifications', 'Basic support', 'Profile listing', 'Up to 10 jobs per month']::text[],
		false, 1),
	('Premium', 499, 'More visibility and more jobs for growing mobile businesses.',
		ARRAY['Everything in Basic', 'Featured listing', 'Priority support', 'Analytics dashboard', 'Up to 25 jobs per month', 'Advanced search visibility']::text[],
		true, 2),
	('Professional', 699, 'The complete toolkit, including the point-of-sale system.',
		ARRAY['Everything in Premium', 'Unlimited jobs', 'Exclusive point-of-sale system', 'Advanced analytics and reporting', 'Custom branding', 'API access']::text[],
		false, 3)
ON CONFLICT DO NOTHING;
