/**
 * The reasons a hit carries in `match_types` (several may apply to one hit).
 *
 * Name:
 *   exact_name          every word of the query and of the listed name is the same after folding
 *                       (case, accents, punctuation, titles, legal forms, word order aside)
 *   name_variant        a word matched as a known spelling variant (Mohammed/Muhammad, Yuriy/Iurii, Hussein/Husayn)
 *   transliteration     a word matched across scripts (Путин/Putin, حسين/Hussein, 习近平/Xi Jinping)
 *   phonetic            a word matched by sound only (same consonant skeleton)
 *   fuzzy_name          a word matched with a small spelling difference (typo, 1-3 edits by length)
 *   initials            an initial matched a full word (J. Smith / John Smith)
 *   nickname            a given name matched one of its nicknames, or the reverse (Bernie / Bernard,
 *                       Mitch / Mitchell; the pinned PyPI `nicknames` table), scored a little below exact
 *   name_reordered      the words matched in a different order (surname first, swapped fields)
 *   name_compound       words written together matched words written apart (Jean-Pierre/Jeanpierre, Al Qaeda/Alqaeda)
 *   partial_name        a name part (given, middle or surname) on one side has no counterpart on the other
 *   alias               the matched name is an alias of the entity, not its primary name
 *   weak_alias          the matched name is a weak alias (lower confidence; scored lower)
 * Evidence:
 *   birthdate_exact     the query's birth date equals one of the entity's (to the day)
 *   birthdate_month     same year and month
 *   birthdate_year      same year
 *   birthdate_approximate the years are one apart: within the tolerance, the score is unchanged
 *   birthdate_conflict  the years are further apart for every listed date: the hit is removed and
 *                       reported as a near match with this rule (never on a hit)
 *   country             the query's country is one of the entity's countries
 *   country_conflict    both give countries and none is shared (the score is lowered slightly)
 *   registration_number the business registration number equals one of the entity's identifiers
 */
export const MATCH_TYPES = [
  'exact_name', 'name_variant', 'transliteration', 'phonetic', 'fuzzy_name', 'initials', 'nickname', 'name_reordered',
  'name_compound', 'partial_name', 'alias', 'weak_alias', 'birthdate_exact', 'birthdate_month', 'birthdate_year',
  'birthdate_approximate', 'birthdate_conflict', 'country', 'country_conflict', 'registration_number',
] as const;

export type MatchType = (typeof MATCH_TYPES)[number];
