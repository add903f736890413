// Human-readable texts for the enumeration keys Companies House returns (its public
// api-enumerations: constants.yml and filing_history_descriptions.yml). Only the keys we expect
// to meet are listed; an unknown key falls back to the key made readable, never to a guess.

/** UK SIC 2007 condensed list descriptions for common codes (and every code in our fixtures). */
export const UK_SIC_2007_DESCRIPTIONS: Readonly<Record<string, string>> = {
  '41100': 'Development of building projects',
  '46900': 'Non-specialised wholesale trade',
  '47110': 'Retail sale in non-specialised stores with food, beverages or tobacco predominating',
  '56101': 'Licensed restaurants',
  '62011': 'Ready-made interactive leisure and entertainment software development',
  '62012': 'Business and domestic software development',
  '62020': 'Information technology consultancy activities',
  '62090': 'Other information technology service activities',
  '64209': 'Activities of other holding companies n.e.c.',
  '68209': 'Other letting and operating of own or leased real estate',
  '70100': 'Activities of head offices',
  '70229': 'Management consultancy activities other than financial management',
  '74990': 'Non-trading company',
  '82990': 'Other business support service activities n.e.c.',
  '99999': 'Dormant Company',
};

export const COMPANY_TYPES: Readonly<Record<string, string>> = {
  ltd: 'Private limited company',
  plc: 'Public limited company',
  llp: 'Limited liability partnership',
  'private-unlimited': 'Private unlimited company',
  'private-unlimited-nsc': 'Private unlimited company without share capital',
  'private-limited-guarant-nsc': 'Private limited by guarantee without share capital',
  'private-limited-guarant-nsc-limited-exemption': "Private limited by guarantee without share capital, use of 'Limited' exemption",
  'private-limited-shares-section-30-exemption': "Private limited company, use of 'Limited' exemption",
  'old-public-company': 'Old public company',
  'limited-partnership': 'Limited partnership',
  'scottish-partnership': 'Scottish qualifying partnership',
  'converted-or-closed': 'Converted / closed',
  'protected-cell-company': 'Protected cell company',
  'assurance-company': 'Assurance company',
  'oversea-company': 'Overseas company',
  'uk-establishment': 'UK establishment company',
  eeig: 'European Economic Interest Grouping (EEIG)',
  'european-public-limited-liability-company-se': 'European public limited liability company (SE)',
  'investment-company-with-variable-capital': 'Investment company with variable capital',
  'icvc-securities': 'Investment company with variable capital (securities)',
  'icvc-warrant': 'Investment company with variable capital (warrant)',
  'icvc-umbrella': 'Investment company with variable capital (umbrella)',
  'industrial-and-provident-society': 'Industrial and provident society',
  'registered-society-non-jurisdictional': 'Registered society',
  'northern-ireland': 'Northern Ireland company',
  'northern-ireland-other': 'Credit union (Northern Ireland)',
  'royal-charter': 'Royal charter company',
  'unregistered-company': 'Unregistered company',
  'charitable-incorporated-organisation': 'Charitable incorporated organisation',
  'scottish-charitable-incorporated-organisation': 'Scottish charitable incorporated organisation',
  'further-education-or-sixth-form-college-corporation': 'Further education or sixth form college corporation',
  'registered-overseas-entity': 'Overseas entity',
  other: 'Other company type',
};

export const COMPANY_STATUSES: Readonly<Record<string, string>> = {
  active: 'Active',
  dissolved: 'Dissolved',
  liquidation: 'Liquidation',
  receivership: 'Receiver Action',
  administration: 'In Administration',
  'voluntary-arrangement': 'Voluntary Arrangement',
  'converted-closed': 'Converted / Closed',
  'insolvency-proceedings': 'Insolvency Proceedings',
  registered: 'Registered',
  removed: 'Removed',
  closed: 'Closed',
  open: 'Open',
};

/** Statuses meaning the company is no longer on the register. */
export const OFF_REGISTER_STATUSES: ReadonlySet<string> = new Set(['dissolved', 'converted-closed', 'removed', 'closed']);

export const COMPANY_STATUS_DETAILS: Readonly<Record<string, string>> = {
  'active-proposal-to-strike-off': 'Active proposal to strike off',
  'petition-to-restore-dissolved': 'Petition to restore dissolved',
  'transferred-from-uk': 'Transfer from UK',
  'transformed-to-se': 'Transformed to SE',
  'converted-to-plc': 'Converted to PLC',
};

/** Filing history description templates; `{name}` is replaced from description_values. */
export const FILING_DESCRIPTIONS: Readonly<Record<string, string>> = {
  'incorporation-company': 'Incorporation',
  'confirmation-statement-with-no-updates': 'Confirmation statement made on {made_up_date} with no updates',
  'confirmation-statement-with-updates': 'Confirmation statement made on {made_up_date} with updates',
  'annual-return-company-with-made-up-date': 'Annual return made up to {made_up_date}',
  'annual-return-company-with-made-up-date-full-list-shareholders': 'Annual return made up to {made_up_date} with full list of shareholders',
  'accounts-with-accounts-type-full': 'Full accounts made up to {made_up_date}',
  'accounts-with-accounts-type-group': "Group of companies' accounts made up to {made_up_date}",
  'accounts-with-accounts-type-small': 'Accounts for a small company made up to {made_up_date}',
  'accounts-with-accounts-type-micro-entity': 'Micro company accounts made up to {made_up_date}',
  'accounts-with-accounts-type-total-exemption-full': 'Total exemption full accounts made up to {made_up_date}',
  'accounts-with-accounts-type-unaudited-abridged': 'Unaudited abridged accounts made up to {made_up_date}',
  'accounts-with-accounts-type-dormant': 'Accounts for a dormant company made up to {made_up_date}',
  'appoint-person-director-company-with-name-date': 'Appointment of {officer_name} as a director on {appointment_date}',
  'appoint-person-secretary-company-with-name-date': 'Appointment of {officer_name} as a secretary on {appointment_date}',
  'appoint-corporate-director-company-with-name-date': 'Appointment of {officer_name} as a director on {appointment_date}',
  'termination-director-company-with-name-termination-date': 'Termination of appointment of {officer_name} as a director on {termination_date}',
  'termination-secretary-company-with-name-termination-date': 'Termination of appointment of {officer_name} as a secretary on {termination_date}',
  'change-person-director-company-with-change-date': "Director's details changed for {officer_name} on {change_date}",
  'change-registered-office-address-company-with-date-old-address-new-address':
    'Registered office address changed from {old_address} to {new_address} on {change_date}',
  'notification-of-a-person-with-significant-control': 'Notification of {psc_name} as a person with significant control on {notification_date}',
  'cessation-of-a-person-with-significant-control': 'Cessation of {psc_name} as a person with significant control on {cessation_date}',
  'capital-allotment-shares': 'Statement of capital following an allotment of shares on {date}',
  'certificate-change-of-name-company': 'Certificate of change of name',
  'change-of-name-by-resolution': 'Change of name by resolution',
  'dissolution-application-strike-off-company': 'Application to strike the company off the register',
  'gazette-notice-voluntary': 'First Gazette notice for voluntary strike-off',
  'gazette-dissolved-voluntary': 'Final Gazette dissolved via voluntary strike-off',
  'gazette-notice-compulsory': 'First Gazette notice for compulsory strike-off',
  'gazette-dissolved-compulsory': 'Final Gazette dissolved via compulsory strike-off',
};

/** "active-proposal-to-strike-off" → "Active proposal to strike off". */
export function readableKey(key: string): string {
  const words = key.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
