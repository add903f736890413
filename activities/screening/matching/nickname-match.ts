/**
 * Nickname matches between a query word and a listed word (Bernie / Bernard, Mitch / Mitchell),
 * from the installed nickname table. Only given and middle names take part: a surname that is also
 * a nickname (Bell, Jack, Will) must not match a given name. Scored 0.9: a little below an exact
 * given name (1.0) and a spelling variant (0.95), level with a close typo, so a nickname and an
 * exact surname still make a clear hit while a nickname alone never does.
 */
import { Role } from './name-tokenizer.js';
import type { NicknameTable } from './nickname-table.js';
import type { ScoringToken } from './name-similarity.js';
import type { TokenMatch } from './token-similarity.js';

export const NICKNAME_SCORE = 0.9;
export const NICKNAME_MATCH: TokenMatch = { score: NICKNAME_SCORE, kind: 'nickname' };

/** A word that may be a given name written as a nickname (or the formal name of one). */
export function mayBeNickname(t: ScoringToken): boolean {
  return !t.particle && !t.info.isInitial && (t.role === Role.Given || t.role === Role.Middle || t.role === Role.Any);
}

/** For each query word, the set of listed words it relates to by nickname (undefined: none can). */
export function queryNicknames(table: NicknameTable, query: ScoringToken[], isOrganisation: boolean): Array<ReadonlySet<string> | undefined> {
  return query.map((t) => {
    if (isOrganisation || !mayBeNickname(t)) return undefined;
    const relatives = table.relativesOf(t.info.folded);
    return relatives.length > 0 ? new Set(relatives) : undefined;
  });
}

/** The nickname match of a query word (its relatives) and a listed word, when it beats `current`. */
export function nicknameMatch(relatives: ReadonlySet<string> | undefined, listed: ScoringToken, current: TokenMatch): TokenMatch {
  if (!relatives || current.score >= NICKNAME_SCORE || !mayBeNickname(listed) || !relatives.has(listed.info.folded)) return current;
  return NICKNAME_MATCH;
}
