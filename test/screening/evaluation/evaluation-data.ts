/**
 * Everything the screening evaluation runs on, loaded once for the quality test and the benchmark:
 * the OFAC SDN + UN entities (watchlist index), the US Congress PEPs (PEP index), the installed
 * nickname table, and the evaluation cases (eval-set.ts variations and hard negatives, plus the
 * blind-spot cases of blind-spot-cases.ts).
 */
import { buildIndex, type IndexedEntity, type MatchIndex } from '../../../activities/screening/matching/matcher.js';
import { installedNicknameTable } from '../../../activities/screening/matching/nickname-data.js';
import { generateBlindSpotCases } from './blind-spot-cases.js';
import { generateEvalSet, type EvalCase } from './eval-set.js';
import { loadSanctionsLists, loadUnMultiNameAliases, loadUsCongressPeps } from './real-lists.js';

export interface EvaluationData {
  sanctions: IndexedEntity[];
  peps: IndexedEntity[];
  index: MatchIndex;
  pepIndex: MatchIndex;
  cases: EvalCase[];
}

export async function loadEvaluation(): Promise<EvaluationData> {
  const sanctions = await loadSanctionsLists();
  const peps = await loadUsCongressPeps();
  const cases = [
    ...generateEvalSet(sanctions),
    ...generateBlindSpotCases({ sanctions, peps, nicknames: installedNicknameTable(), multiNameAliases: await loadUnMultiNameAliases() }),
  ];
  return { sanctions, peps, index: buildIndex(sanctions), pepIndex: buildIndex(peps), cases };
}
