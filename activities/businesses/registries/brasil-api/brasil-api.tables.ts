// English renderings of the Receita Federal's Portuguese values: registration statuses
// (situação cadastral) and the most common legal natures (natureza jurídica, by code). Values
// not listed keep a null translation rather than a machine guess.

export const STATUS_TRANSLATIONS: Readonly<Record<string, string>> = {
  ATIVA: 'Active',
  SUSPENSA: 'Suspended',
  INAPTA: 'Unfit (inactive)',
  BAIXADA: 'Closed (deregistered)',
  NULA: 'Annulled',
};

/** Statuses meaning the CNPJ is no longer on the register. */
export const OFF_REGISTER_STATUSES: ReadonlySet<string> = new Set(['BAIXADA', 'NULA']);

export const LEGAL_NATURE_TRANSLATIONS: Readonly<Record<number, string>> = {
  2011: 'State-owned company',
  2038: 'Mixed-capital company',
  2046: 'Publicly held corporation (S.A.)',
  2054: 'Privately held corporation (S.A.)',
  2062: 'Limited liability business company (Ltda.)',
  2135: 'Sole proprietor (individual entrepreneur)',
  2143: 'Cooperative',
  2232: 'Simple partnership',
  2240: 'Limited liability simple partnership',
  2305: 'Individual limited liability company (EIRELI), business',
  2313: 'Individual limited liability company (EIRELI), simple',
  3069: 'Private foundation',
  3999: 'Private association',
};

/** The CNAE (Classificação Nacional de Atividades Econômicas) scheme name used in the record. */
export const CNAE_SYSTEM = 'CNAE';
