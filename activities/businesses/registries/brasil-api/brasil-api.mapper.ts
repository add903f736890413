// Maps a BrasilAPI CNPJ answer onto the business record. Pure.
//
// Filled: is_registered (false once BAIXADA or NULA), official_name (razão social), status
// (situação cadastral), legal_form (natureza jurídica), translation (English status and legal
// form, where tabled), registration_date (start of activity), dissolution_date (date of the
// BAIXADA status), physical_address (the establishment's address) and registered_address (the
// same, for the head office — a branch's registered office is the head office's, not given),
// identifiers (cnpj), industry (principal CNAE is_primary, secondary CNAEs not; system "CNAE"),
// capital.registered (capital social, BRL), officers and shareholders from the QSA, contacts
// (phones as +55 numbers, fax, e-mail), activity_history (start, status and tax-regime events).
// The QSA splits by qualification: partners (sócio, titular, acionista) are shareholders, managing
// roles (administrador, diretor, presidente, ...) are officers, a "Sócio-Administrador" is both.
// Partners' CPFs are published masked ("***220050**") and are passed on masked.
// Not published, so null/empty: capital.paid_up, share percentages and counts, dates of birth
// (only an age band is published), officer end dates (the QSA lists current members only),
// name_history, latest_annual_return, coordinates. The trade name (nome fantasia) has no field
// in the spec's record and is not returned.

import { buildAddress, countryCode } from '../business-address.js';
import type {
  BusinessActivity,
  BusinessContact,
  BusinessOfficer,
  BusinessRecordAttributes,
  BusinessShareholder,
  IndustryClassification,
  Translation,
} from '../business-record.model.js';
import { isoDate, joinPresent, text } from '../registry-values.js';
import { CNAE_SYSTEM, LEGAL_NATURE_TRANSLATIONS, OFF_REGISTER_STATUSES, STATUS_TRANSLATIONS } from './brasil-api.tables.js';
import type { BrasilApiCnpj, BrasilApiPartner } from './brasil-api.types.js';

const SOURCE = 'Receita Federal (via BrasilAPI)';

export function mapBrasilApiRecord(answer: BrasilApiCnpj): BusinessRecordAttributes {
  const status = text(answer.descricao_situacao_cadastral)?.toUpperCase() ?? null;
  const address = establishmentAddress(answer);
  const partners = answer.qsa ?? [];
  return {
    is_registered: status === null || !OFF_REGISTER_STATUSES.has(status),
    official_name: text(answer.razao_social),
    status,
    legal_form: text(answer.natureza_juridica),
    registration_date: isoDate(answer.data_inicio_atividade),
    dissolution_date: status === 'BAIXADA' ? isoDate(answer.data_situacao_cadastral) : null,
    translation: translationOf(status, answer.codigo_natureza_juridica),
    registered_address: answer.identificador_matriz_filial === 1 ? address : null,
    physical_address: address,
    identifiers: answer.cnpj ? [{ type: 'cnpj', value: answer.cnpj }] : [],
    industry: industryOf(answer),
    capital: typeof answer.capital_social === 'number' ? { registered: { amount: answer.capital_social, currency: 'BRL' }, paid_up: null } : null,
    officers: partners.filter((partner) => roleOf(partner).officer).map(officerOf),
    shareholders: partners.filter((partner) => roleOf(partner).shareholder).map(shareholderOf),
    contacts: contactsOf(answer),
    name_history: [],
    activity_history: activitiesOf(answer),
    latest_annual_return: null,
  };
}

function translationOf(status: string | null, legalNatureCode: number | null | undefined): Translation | null {
  const statusText = status === null ? null : (STATUS_TRANSLATIONS[status] ?? null);
  const legalForm = typeof legalNatureCode === 'number' ? (LEGAL_NATURE_TRANSLATIONS[legalNatureCode] ?? null) : null;
  return statusText === null && legalForm === null ? null : { official_name: null, status: statusText, legal_form: legalForm };
}

function establishmentAddress(answer: BrasilApiCnpj) {
  const kind = text(answer.descricao_tipo_de_logradouro);
  const road = text(answer.logradouro);
  // Older records repeat the road type inside logradouro ("RUA HADDOCK LOBO").
  const roadName = kind !== null && road !== null && !road.toUpperCase().startsWith(`${kind.toUpperCase()} `) ? `${kind} ${road}` : road;
  const street = joinPresent([roadName, answer.numero], ', ');
  const cep = text(answer.cep)?.replace(/\D/g, '') ?? null;
  const postalCode = cep !== null && cep.length === 8 ? `${cep.slice(0, 5)}-${cep.slice(5)}` : cep;
  const foreign = text(answer.pais);
  return buildAddress({
    street,
    street2: joinPresent([answer.complemento, answer.bairro], ', '),
    city: text(answer.municipio) ?? text(answer.nome_cidade_no_exterior),
    state_or_province: answer.uf,
    postal_code: postalCode,
    country: foreign === null ? 'BR' : countryCode(foreign),
  });
}

/** CNAE subclass codes are 7 digits; leading zeros are lost when BrasilAPI sends numbers. */
function cnaeCode(code: number | null | undefined): string | null {
  return typeof code === 'number' && code > 0 ? String(code).padStart(7, '0') : null;
}

function industryOf(answer: BrasilApiCnpj): IndustryClassification[] {
  const industry: IndustryClassification[] = [];
  const primary = cnaeCode(answer.cnae_fiscal);
  if (primary !== null) {
    industry.push({ code: primary, description: text(answer.cnae_fiscal_descricao), system: CNAE_SYSTEM, is_primary: true, translation: null });
  }
  for (const secondary of answer.cnaes_secundarios ?? []) {
    const code = cnaeCode(secondary.codigo);
    // BrasilAPI sends [{codigo: 0, descricao: ""}] when there is no secondary activity.
    if (code === null) continue;
    industry.push({ code, description: text(secondary.descricao), system: CNAE_SYSTEM, is_primary: false, translation: null });
  }
  return industry;
}

function fold(value: string): string {
  return value.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** Whether a QSA member holds the company (partner) and/or runs it (manager). */
export function roleOf(partner: BrasilApiPartner): { shareholder: boolean; officer: boolean } {
  const qualification = fold(text(partner.qualificacao_socio) ?? '');
  const shareholder = /socio|acionista|titular|empresario|cotista|quotista/.test(qualification);
  const manages = /administrador|diretor|presidente|gerente|conselheiro|procurador|titular|empresario|liquidante|interventor|tesoureiro/.test(
    qualification,
  );
  return { shareholder, officer: manages || !shareholder };
}

function partnerId(partner: BrasilApiPartner): { id_type: string | null; id_number: string | null } {
  const id = text(partner.cnpj_cpf_do_socio);
  if (id === null) return { id_type: null, id_number: null };
  if (partner.identificador_de_socio === 1) return { id_type: 'cnpj', id_number: id };
  if (partner.identificador_de_socio === 2) return { id_type: 'cpf_masked', id_number: id };
  return { id_type: null, id_number: id };
}

function officerOf(partner: BrasilApiPartner): BusinessOfficer {
  return {
    name: text(partner.nome_socio) ?? '',
    type: text(partner.qualificacao_socio),
    date_of_birth: null,
    ...partnerId(partner),
    start_date: isoDate(partner.data_entrada_sociedade),
    end_date: null,
    address_detail: null,
    translation: null,
    states: [],
    sources: [SOURCE],
  };
}

const HOLDER_TYPES: Readonly<Record<number, string>> = { 1: 'corporate', 2: 'individual', 3: 'foreign' };

function shareholderOf(partner: BrasilApiPartner): BusinessShareholder {
  return {
    name: text(partner.nome_socio) ?? '',
    shareholder_type: typeof partner.identificador_de_socio === 'number' ? (HOLDER_TYPES[partner.identificador_de_socio] ?? null) : null,
    date_of_birth: null,
    ...partnerId(partner),
    number_of_share: null,
    percentage_of_share: null,
    effective_date: isoDate(partner.data_entrada_sociedade),
    end_date: null,
    translation: null,
  };
}

/** "11  23851939" → "+551123851939". */
function brazilianPhone(value: string | null | undefined): string | null {
  const digits = text(value)?.replace(/\D/g, '') ?? '';
  return digits.length >= 10 ? `+55${digits}` : null;
}

function contactsOf(answer: BrasilApiCnpj): BusinessContact[] {
  const contacts: BusinessContact[] = [];
  const add = (type: string, value: string | null, description: string | null) => {
    if (value !== null) contacts.push({ type, value, description, start_date: null, end_date: null });
  };
  add('phone', brazilianPhone(answer.ddd_telefone_1), 'primary phone');
  add('phone', brazilianPhone(answer.ddd_telefone_2), 'secondary phone');
  add('fax', brazilianPhone(answer.ddd_fax), null);
  add('email', text(answer.email)?.toLowerCase() ?? null, null);
  return contacts;
}

function activitiesOf(answer: BrasilApiCnpj): BusinessActivity[] {
  const events: BusinessActivity[] = [];
  const add = (date: string | null | undefined, activity: string) => {
    const day = isoDate(date);
    if (day !== null) events.push({ activity, date: day });
  };
  add(answer.data_inicio_atividade, 'Start of activities');
  const status = text(answer.descricao_situacao_cadastral);
  const reason = text(answer.descricao_motivo_situacao_cadastral);
  if (status !== null) {
    add(answer.data_situacao_cadastral, `Registration status set to ${status}${reason !== null && reason !== 'SEM MOTIVO' ? ` (${reason})` : ''}`);
  }
  const special = text(answer.situacao_especial);
  if (special !== null) add(answer.data_situacao_especial, `Special situation: ${special}`);
  add(answer.data_opcao_pelo_simples, 'Opted into the Simples Nacional tax regime');
  add(answer.data_exclusao_do_simples, 'Left the Simples Nacional tax regime');
  add(answer.data_opcao_pelo_mei, 'Registered as a micro-entrepreneur (MEI)');
  add(answer.data_exclusao_do_mei, 'Left the micro-entrepreneur (MEI) regime');
  return events.sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''));
}
