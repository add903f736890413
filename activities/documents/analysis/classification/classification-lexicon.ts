// Words and phrases that point to a document class, in English, German, French and Spanish, with
// their weight (4: names the class, e.g. "Kontoauszug"; 2-3: typical of it; 1 or less: common
// there but also elsewhere). A phrase may also name a detailed type. Folded as text-folding.ts
// folds (lower case, no accents, ß → ss); multi-word phrases match consecutive words.

import type { DocumentClass } from './document-classes.js';

export interface LexiconEntry {
  phrase: string;
  weight: number;
  detailed?: string;
}

const e = (phrase: string, weight: number, detailed?: string): LexiconEntry => (detailed ? { phrase, weight, detailed } : { phrase, weight });

export const CLASSIFICATION_LEXICON: Readonly<Record<Exclude<DocumentClass, 'other'>, readonly LexiconEntry[]>> = {
  invoice: [
    e('invoice', 3), e('tax invoice', 4), e('invoice number', 4), e('invoice no', 4), e('invoice date', 3), e('bill to', 2), e('amount due', 2),
    e('payment terms', 2), e('due date', 1.5), e('subtotal', 1.5), e('vat', 1), e('credit note', 4, 'credit_note'), e('pro forma', 3, 'proforma_invoice'),
    e('proforma invoice', 4, 'proforma_invoice'), e('remit to', 2), e('unit price', 1.5), e('qty', 1),
    e('rechnung', 3), e('rechnungsnummer', 4), e('rechnungsdatum', 3), e('rechnungsbetrag', 3), e('zahlbar bis', 2), e('mwst', 1), e('ust', 1),
    e('nettobetrag', 1.5), e('zwischensumme', 1.5), e('gutschrift', 3, 'credit_note'), e('einzelpreis', 1.5), e('menge', 0.5), e('leistungsdatum', 2),
    e('facture', 3), e('numero de facture', 4), e('date de facture', 3), e('montant ttc', 2), e('tva', 1), e('total ht', 1.5), e('prix unitaire', 1.5),
    e('facture d avoir', 4, 'credit_note'), e('date d echeance', 1.5),
    e('factura', 3), e('numero de factura', 4), e('fecha de factura', 3), e('iva', 1), e('base imponible', 2), e('precio unitario', 1.5),
    e('factura rectificativa', 4, 'credit_note'), e('fecha de vencimiento', 1.5),
  ],
  receipt: [
    e('receipt', 3), e('sales receipt', 4), e('cashier', 2), e('change', 1), e('cash', 1), e('total paid', 2), e('thank you for your purchase', 2),
    e('thank you for shopping', 2), e('card payment', 1.5), e('till', 1), e('store', 0.5), e('items', 0.5),
    e('kassenbon', 4), e('quittung', 3), e('beleg', 2), e('kasse', 2), e('ruckgeld', 3), e('gegeben', 2), e('vielen dank fur ihren einkauf', 3), e('bar', 0.5),
    e('recu', 3), e('ticket de caisse', 4), e('caisse', 2), e('rendu', 1.5), e('merci de votre visite', 2), e('especes', 1),
    e('recibo', 3), e('ticket', 1.5), e('factura simplificada', 5), e('ticket de compra', 4), e('caja', 1), e('cambio', 1.5), e('gracias por su compra', 2), e('efectivo', 1),
  ],
  bank_statement: [
    e('bank statement', 4), e('account statement', 4), e('statement of account', 4), e('statement', 1.5), e('statement period', 3), e('opening balance', 3),
    e('closing balance', 3), e('balance brought forward', 3), e('balance carried forward', 3), e('sort code', 2), e('iban', 1), e('bic', 1),
    e('transactions', 1.5), e('available balance', 2), e('paid in', 1.5), e('paid out', 1.5), e('withdrawals', 1.5), e('deposits', 1.5),
    e('credit card statement', 4, 'credit_card_statement'), e('minimum payment', 2, 'credit_card_statement'), e('credit limit', 2, 'credit_card_statement'),
    e('kontoauszug', 4), e('alter kontostand', 3), e('neuer kontostand', 3), e('anfangssaldo', 3), e('endsaldo', 3), e('buchungstag', 2),
    e('wertstellung', 2), e('valuta', 1.5), e('umsatze', 1.5), e('kontonummer', 1), e('kreditkartenabrechnung', 4, 'credit_card_statement'),
    e('releve de compte', 4), e('releve bancaire', 4), e('ancien solde', 3), e('nouveau solde', 3), e('solde', 1), e('date de valeur', 2), e('operations', 1),
    e('extracto', 3), e('extracto bancario', 4), e('extracto de cuenta', 4), e('saldo inicial', 3), e('saldo final', 3), e('saldo anterior', 2),
    e('movimientos', 2), e('fecha valor', 2),
  ],
  payslip: [
    e('payslip', 4), e('pay slip', 4), e('pay stub', 4), e('earnings statement', 3), e('payroll', 2), e('gross pay', 3), e('net pay', 3), e('earnings', 2),
    e('deductions', 2), e('national insurance', 2), e('paye', 2), e('pay period', 2), e('pay date', 2), e('year to date', 1.5), e('ytd', 1.5),
    e('salary', 1.5), e('employee', 1), e('employer', 1), e('tax code', 1.5),
    e('lohnabrechnung', 4), e('gehaltsabrechnung', 4), e('entgeltabrechnung', 4), e('verdienstabrechnung', 4), e('bruttolohn', 3), e('bruttobezuge', 3),
    e('gesamtbrutto', 3), e('nettolohn', 3), e('nettoverdienst', 3), e('auszahlungsbetrag', 2), e('lohnsteuer', 2), e('sozialversicherung', 2),
    e('steuerklasse', 2), e('personalnummer', 1.5), e('arbeitgeber', 1), e('arbeitnehmer', 1),
    e('bulletin de paie', 4), e('bulletin de salaire', 4), e('fiche de paie', 4), e('salaire brut', 3), e('net a payer', 3), e('cotisations', 2),
    e('employeur', 1), e('salarie', 1),
    e('nomina', 4), e('recibo de salarios', 4), e('salario bruto', 3), e('liquido a percibir', 3), e('devengos', 3), e('deducciones', 2), e('trabajador', 1),
  ],
  utility_bill: [
    e('electricity', 2.5, 'electricity_bill'), e('electricity bill', 4, 'electricity_bill'), e('gas bill', 4, 'gas_bill'), e('water bill', 4, 'water_bill'),
    e('kwh', 3), e('meter', 2), e('meter reading', 3), e('meter number', 2), e('supply address', 3), e('tariff', 2), e('standing charge', 3),
    e('unit rate', 2), e('energy', 1.5), e('billing period', 2), e('previous reading', 3), e('current reading', 3), e('broadband', 2, 'telecom_bill'),
    e('utility', 2), e('water', 1, 'water_bill'), e('gas', 1, 'gas_bill'),
    e('stromrechnung', 4, 'electricity_bill'), e('strom', 2, 'electricity_bill'), e('erdgas', 2, 'gas_bill'), e('wasser', 1, 'water_bill'), e('zahlerstand', 3),
    e('zahlernummer', 3), e('verbrauch', 2), e('abschlag', 2), e('abschlagszahlung', 3), e('grundpreis', 2.5), e('arbeitspreis', 2.5), e('lieferstelle', 2.5),
    e('abrechnungszeitraum', 2), e('jahresabrechnung', 3), e('energieversorgung', 2),
    e('facture d electricite', 4, 'electricity_bill'), e('electricite', 2.5, 'electricity_bill'), e('gaz', 1.5, 'gas_bill'), e('releve du compteur', 3),
    e('compteur', 2), e('consommation', 2), e('abonnement', 1.5), e('point de livraison', 2.5),
    e('factura de luz', 4, 'electricity_bill'), e('electricidad', 2.5, 'electricity_bill'), e('consumo', 2), e('contador', 2), e('lectura', 2),
    e('potencia contratada', 3), e('termino fijo', 2), e('suministro', 2.5),
  ],
  tax_return: [
    e('tax return', 4), e('self assessment', 3), e('form 1040', 4), e('taxable income', 3), e('adjusted gross income', 3), e('tax year', 2), e('hmrc', 2),
    e('internal revenue service', 3), e('notice of assessment', 4, 'tax_assessment'), e('tax due', 2), e('unique taxpayer reference', 3),
    e('einkommensteuererklarung', 4), e('steuererklarung', 4), e('steuerbescheid', 4, 'tax_assessment'), e('einkommensteuerbescheid', 4, 'tax_assessment'),
    e('finanzamt', 3), e('zu versteuerndes einkommen', 3), e('steuernummer', 2), e('veranlagungszeitraum', 3),
    e('declaration de revenus', 4), e('avis d imposition', 4, 'tax_assessment'), e('revenu fiscal de reference', 3), e('impot sur le revenu', 3), e('numero fiscal', 2),
    e('declaracion de la renta', 4), e('irpf', 3), e('agencia tributaria', 3), e('base liquidable', 3), e('modelo 100', 3),
  ],
  government_id: [
    e('passport', 3, 'passport'), e('identity card', 3, 'identity_card'), e('driving licence', 3, 'driving_licence'), e('driver license', 3, 'driving_licence'),
    e('residence permit', 3, 'residence_permit'), e('nationality', 2), e('date of expiry', 2), e('date of birth', 1.5), e('place of birth', 1.5),
    e('given names', 2), e('surname', 1.5),
    e('reisepass', 4, 'passport'), e('personalausweis', 4, 'identity_card'), e('fuhrerschein', 4, 'driving_licence'), e('aufenthaltstitel', 3, 'residence_permit'),
    e('staatsangehorigkeit', 2), e('geburtsdatum', 1), e('gultig bis', 1.5),
    e('passeport', 3.5, 'passport'), e('carte nationale d identite', 4, 'identity_card'), e('permis de conduire', 4, 'driving_licence'), e('nationalite', 2),
    e('pasaporte', 3.5, 'passport'), e('documento nacional de identidad', 4, 'identity_card'), e('permiso de conducir', 4, 'driving_licence'), e('nacionalidad', 2),
  ],
  proof_of_address: [
    e('proof of address', 4), e('certificate of residence', 4), e('residence certificate', 4), e('confirmation of address', 3), e('council tax', 3),
    e('resides at', 3), e('this is to certify', 1.5),
    e('meldebescheinigung', 4), e('wohnsitzbescheinigung', 4), e('meldebestatigung', 4), e('wohnungsgeberbestatigung', 3), e('hauptwohnung', 2),
    e('justificatif de domicile', 4), e('attestation de domicile', 4), e('attestation d hebergement', 4), e('certificat de residence', 4),
    e('certificado de empadronamiento', 4), e('padron municipal', 3), e('volante de empadronamiento', 4), e('certificado de residencia', 4),
  ],
  contract: [
    e('agreement', 2), e('contract', 2.5), e('hereinafter', 3), e('the parties', 2.5), e('whereas', 2), e('in witness whereof', 3), e('governing law', 2.5),
    e('termination', 1.5), e('clause', 1.5), e('tenancy agreement', 4, 'lease_agreement'), e('lease agreement', 4, 'lease_agreement'), e('landlord', 2, 'lease_agreement'),
    e('tenant', 2, 'lease_agreement'), e('employment contract', 4, 'employment_contract'),
    e('vertrag', 2.5), e('mietvertrag', 4, 'lease_agreement'), e('arbeitsvertrag', 4, 'employment_contract'), e('vertragsparteien', 3), e('nachfolgend', 2.5),
    e('kundigung', 1.5), e('vermieter', 2, 'lease_agreement'), e('mieter', 2, 'lease_agreement'),
    e('contrat', 2.5), e('contrat de bail', 4, 'lease_agreement'), e('contrat de travail', 4, 'employment_contract'), e('entre les soussignes', 3), e('ci apres', 2.5),
    e('bailleur', 2, 'lease_agreement'), e('locataire', 2, 'lease_agreement'), e('resiliation', 1.5),
    e('contrato', 2.5), e('contrato de arrendamiento', 4, 'lease_agreement'), e('contrato de trabajo', 4, 'employment_contract'), e('reunidos', 2), e('en adelante', 2.5),
    e('arrendador', 2, 'lease_agreement'), e('arrendatario', 2, 'lease_agreement'), e('clausula', 1.5),
  ],
};
