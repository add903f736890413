/**
 * The negative-news lexicon: terms that make an article about a business "adverse", by category,
 * in English, French, German, Spanish, Portuguese and Italian. Terms are written folded (lowercase
 * ASCII words as article-text.ts produces: "Geldwäsche" → "geldwasche"); a trailing `*` matches any word
 * starting with the stem ("launder*" → laundering, laundered). Multi-word terms match consecutive words.
 * The category names are the `match_types` an adverse-media hit reports.
 */

export const NEGATIVE_NEWS_LEXICON = {
  fraud: [
    'fraud*', 'scam*', 'ponzi', 'embezzl*', 'misappropriat*', 'swindl*', 'defraud*', 'forgery', 'forged', 'accounting scandal',
    'escroquer*', 'detournement de fonds', 'abus de biens sociaux',
    'betrug*', 'betruger*', 'veruntreu*', 'unterschlag*', 'bilanzfalschung',
    'estafa*', 'malversacion', 'desfalco', 'apropiacion indebida',
    'fraude*', 'desvio de recursos', 'peculato',
    'truffa', 'truffe', 'appropriazione indebita',
  ],
  money_laundering: [
    'money laundering', 'launder*', 'blanchiment', 'blanchi', 'geldwasche*', 'lavado de dinero', 'blanqueo de capitales',
    'blanqueo de dinero', 'lavagem de dinheiro', 'branqueamento de capitais', 'riciclaggio',
  ],
  sanctions: [
    'sanctions violation*', 'sanctions evasion', 'evade sanctions', 'evading sanctions', 'evaded sanctions', 'violated sanctions',
    'violating sanctions', 'breach of sanctions', 'sanctions breach*', 'embargo violation*', 'sanctioned by ofac', 'ofac sanctions',
    'violation des sanctions', 'contournement des sanctions', 'sanktionsverstoss*', 'sanktionsumgehung', 'sanktionen umgangen',
    'evasion de sanciones', 'violacion de sanciones', 'violacao de sancoes', 'violazione delle sanzioni',
  ],
  bribery_corruption: [
    'brib*', 'corrupt*', 'kickback*', 'graft', 'pot-de-vin', 'pots-de-vin', "trafic d'influence",
    'bestech*', 'korruption*', 'schmiergeld*', 'soborno*', 'cohecho', 'coima*', 'corrupcion', 'suborno*',
    'corrupcao', 'tangente*', 'concussione',
  ],
  criminal_proceedings: [
    'indict*', 'charged with', 'convicted', 'pleaded guilty', 'pleads guilty', 'guilty plea', 'arrested', 'prosecuted',
    'criminal investigation', 'criminal charges', 'raided', 'sentenced',
    'mis en examen', 'inculpe*', 'condamne*', 'perquisition*', 'enquete penale',
    'angeklagt', 'anklage*', 'verurteilt', 'ermittlungsverfahren', 'staatsanwaltschaft ermittelt', 'festgenommen', 'razzia',
    'imputad*', 'acusad*', 'condenad*', 'procesad*', 'detenid*', 'investigacion penal',
    'indiciad*', 'denunciad*', 'investigacao criminal',
    'indagat*', 'arrestat*', 'condannat*', 'rinviato a giudizio',
  ],
  terrorism_financing: [
    'terrorist financing', 'terrorism financing', 'financing of terrorism', 'terror financing', 'financement du terrorisme',
    'terrorismusfinanzierung', 'financiacion del terrorismo', 'financiamento do terrorismo', 'finanziamento del terrorismo',
  ],
  tax_evasion: [
    'tax evasion', 'tax fraud', 'evaded taxes', 'fraude fiscale', 'evasion fiscale', 'steuerhinterziehung', 'steuerbetrug',
    'evasion fiscal', 'evasion de impuestos', 'sonegacao fiscal', 'evasao fiscal', 'evasione fiscale',
  ],
  trafficking_smuggling: [
    'drug trafficking', 'human trafficking', 'arms trafficking', 'smuggl*', 'cartel',
    'trafic de drogue', "trafic d'armes", 'contrebande', 'drogenhandel', 'menschenhandel', 'waffenhandel', 'schmuggel*',
    'narcotrafico', 'trafico de drogas', 'trafico de armas', 'contrabando', 'narcotraffico', 'contrabbando',
  ],
  regulatory_enforcement: [
    'fined', 'cease and desist', 'enforcement action', 'consent order', 'settled charges', 'license revoked', 'licence revoked',
    'amende', 'sanctionne par', 'bussgeld*', 'geldbusse', 'geldstrafe', 'multado', 'multada', 'multa millonaria', 'sancionado por',
    'multata',
  ],
} as const;

export type AdverseCategory = keyof typeof NEGATIVE_NEWS_LEXICON;
export const ADVERSE_CATEGORIES = Object.keys(NEGATIVE_NEWS_LEXICON) as AdverseCategory[];
