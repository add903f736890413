// The fictional companies the ZZ test registry answers with. Every call builds fresh objects,
// so a caller mutating a record cannot change the next answer. Fixed dates, no clock, no I/O.

import { emptyBusinessRecord, type BusinessAddress, type BusinessRecordAttributes } from '../business-record.model.js';

const SOURCE = 'ZZ test registry';

function address(street: string, postalCode: string, start: string | null): BusinessAddress {
  return {
    formatted_address: `${street}, Testville, Test Province, ${postalCode}, ZZ`,
    street,
    city: 'Testville',
    state_or_province: 'Test Province',
    postal_code: postalCode,
    country: 'ZZ',
    street2: 'Floor 2',
    po_box: null,
    latitude: 51.5007,
    longitude: -0.1246,
    start_date: start,
    end_date: null,
    translation: null,
  };
}

/** Acme Test Ltd (ZZ000001): active, with every attribute of the record filled. */
export function activeCompanyRecord(): BusinessRecordAttributes {
  return {
    is_registered: true,
    official_name: 'Acme Test Ltd',
    status: 'Active',
    legal_form: 'Private limited company',
    registration_date: '2015-03-12',
    dissolution_date: null,
    translation: { official_name: 'Acme Test Ltd', status: 'Active', legal_form: 'Private limited company' },
    registered_address: address('1 Test Street', 'ZZ1 1AA', '2015-03-12'),
    physical_address: address('99 Warehouse Road', 'ZZ9 9ZZ', '2019-07-01'),
    identifiers: [
      { type: 'company_number', value: 'ZZ000001' },
      { type: 'vat_number', value: 'ZZ123456789' },
    ],
    industry: [
      { code: '62012', description: 'Business and domestic software development', system: 'UK SIC 2007', is_primary: true, translation: null },
      { code: '62020', description: 'Information technology consultancy activities', system: 'UK SIC 2007', is_primary: false, translation: null },
    ],
    capital: { registered: { amount: 100000, currency: 'GBP' }, paid_up: { amount: 75000, currency: 'GBP' } },
    officers: [
      {
        name: 'Ada Example',
        type: 'director',
        date_of_birth: '1980-04',
        id_type: 'passport',
        id_number: 'ZZP1234567',
        start_date: '2015-03-12',
        end_date: null,
        address_detail: address('1 Test Street', 'ZZ1 1AA', null),
        translation: null,
        states: [],
        sources: [SOURCE],
      },
      {
        name: 'Bob Sample',
        type: 'secretary',
        date_of_birth: '1975-11',
        id_type: null,
        id_number: null,
        start_date: '2015-03-12',
        end_date: '2021-01-31',
        address_detail: null,
        translation: null,
        states: [],
        sources: [SOURCE],
      },
    ],
    shareholders: [
      {
        name: 'Ada Example',
        shareholder_type: 'individual',
        date_of_birth: '1980-04',
        id_type: 'passport',
        id_number: 'ZZP1234567',
        number_of_share: '600',
        percentage_of_share: 60,
        effective_date: '2015-03-12',
        end_date: null,
        translation: null,
      },
      {
        name: 'Example Holdings Ltd',
        shareholder_type: 'corporate',
        date_of_birth: null,
        id_type: 'company_number',
        id_number: 'ZZ000777',
        number_of_share: '400',
        percentage_of_share: 40,
        effective_date: '2018-09-01',
        end_date: null,
        translation: null,
      },
    ],
    contacts: [
      { type: 'phone', value: '+99 20 7946 0000', description: 'main office', start_date: '2015-03-12', end_date: null },
      { type: 'email', value: 'info@acme-test.example', description: null, start_date: null, end_date: null },
      { type: 'website', value: 'https://acme-test.example', description: null, start_date: null, end_date: null },
    ],
    name_history: [{ name: 'Acme Prototype Ltd', effective_date: '2015-03-12', end_date: '2017-06-30', translation: null }],
    activity_history: [
      { activity: 'Confirmation statement made on 2025-03-12 with no updates', date: '2025-03-20' },
      { activity: 'Full accounts made up to 2024-12-31', date: '2025-02-14' },
      { activity: 'Change of name from Acme Prototype Ltd', date: '2017-06-30' },
      { activity: 'Incorporation', date: '2015-03-12' },
    ],
    latest_annual_return: { year_of_filing: 2025, annual_meeting_date: '2025-06-30' },
  };
}

/** Dissolved Test Ltd (ZZ000002): struck off the register. */
export function dissolvedCompanyRecord(): BusinessRecordAttributes {
  return {
    ...emptyBusinessRecord(),
    is_registered: false,
    official_name: 'Dissolved Test Ltd',
    status: 'Dissolved',
    legal_form: 'Private limited company',
    registration_date: '2010-01-05',
    dissolution_date: '2020-08-18',
    registered_address: address('2 Closed Lane', 'ZZ2 2BB', '2010-01-05'),
    identifiers: [{ type: 'company_number', value: 'ZZ000002' }],
    industry: [{ code: '99999', description: 'Dormant Company', system: 'UK SIC 2007', is_primary: true, translation: null }],
    officers: [
      {
        name: 'Carol Former',
        type: 'director',
        date_of_birth: '1969-02',
        id_type: null,
        id_number: null,
        start_date: '2010-01-05',
        end_date: '2020-08-18',
        address_detail: null,
        translation: null,
        states: [],
        sources: [SOURCE],
      },
    ],
    activity_history: [
      { activity: 'Final Gazette dissolved via voluntary strike-off', date: '2020-08-18' },
      { activity: 'First Gazette notice for voluntary strike-off', date: '2020-06-02' },
      { activity: 'Incorporation', date: '2010-01-05' },
    ],
    latest_annual_return: { year_of_filing: 2019, annual_meeting_date: null },
  };
}

/** The answer of the deliberately slow and flaky inputs: a small active company. */
export function namedActiveRecord(name: string, number: string): BusinessRecordAttributes {
  return {
    ...emptyBusinessRecord(),
    is_registered: true,
    official_name: name,
    status: 'Active',
    legal_form: 'Private limited company',
    registration_date: '2021-05-04',
    registered_address: address('3 Waiting Way', 'ZZ3 3CC', '2021-05-04'),
    identifiers: [{ type: 'company_number', value: number }],
  };
}
