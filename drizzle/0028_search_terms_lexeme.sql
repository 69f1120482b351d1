-- The vocabulary by each word's stem, as the text index keeps it: a dictionary phrase with a word no
-- performer wrote (by stem) cannot match, and is left out of the text query (search/absent-words.server.ts),
-- so the index no longer reads the postings of its other, common words ("big head costume" beside
-- "mascot": every profile says "costume").
CREATE INDEX "search_terms_lexeme_idx" ON "search_terms" USING btree (to_tsvector('english'::regconfig, "term"));
