// Labels that documents print for common fields, in English, German, French and Spanish. A schema
// property picks up a group when its name, title or one of the group's keys matches (after
// folding: "invoiceNumber", "invoice_number" and "Invoice number" are the same). The property's
// own name and title always count as labels too, so a field absent from this list still works.

export interface SynonymGroup {
  /** Folded property names that take this group ("invoice number", "invoice no"). */
  keys: string[];
  labels: string[];
}

const g = (keys: string[], labels: string[]): SynonymGroup => ({ keys, labels });

export const FIELD_SYNONYMS: readonly SynonymGroup[] = [
  g(['invoice number', 'invoice no', 'invoice id', 'invoice ref', 'bill number'], ['invoice number', 'invoice no', 'invoice #', 'invoice', 'inv no', 'bill number', 'rechnungsnummer', 'rechnungs nr', 'rechnung nr', 'numero de facture', 'facture n', 'n de facture', 'numero de factura', 'factura n', 'factura no', 'n factura']),
  g(['invoice date', 'issue date', 'date of issue', 'document date', 'date issued', 'bill date', 'statement date'], ['invoice date', 'date of issue', 'issue date', 'issued on', 'date', 'bill date', 'statement date', 'rechnungsdatum', 'datum', 'ausstellungsdatum', 'date de facture', 'date d emission', 'date', 'fecha de factura', 'fecha de emision', 'fecha']),
  g(['due date', 'payment due date', 'payment due', 'due'], ['due date', 'payment due', 'due by', 'pay by', 'zahlbar bis', 'fallig am', 'falligkeitsdatum', 'zahlungsziel', 'date d echeance', 'echeance', 'a payer avant le', 'fecha de vencimiento', 'vencimiento']),
  g(['total', 'total amount', 'amount due', 'grand total', 'total due', 'amount', 'invoice total', 'total gross', 'gross total', 'total paid'], ['total amount', 'amount due', 'grand total', 'total due', 'balance due', 'total', 'total paid', 'invoice total', 'gesamtbetrag', 'rechnungsbetrag', 'endbetrag', 'gesamtsumme', 'summe', 'zu zahlen', 'total ttc', 'montant total', 'montant ttc', 'net a payer', 'importe total', 'total a pagar', 'total factura']),
  g(['subtotal', 'sub total', 'net amount', 'net total', 'total net', 'amount excluding tax', 'total excl tax'], ['subtotal', 'sub total', 'net amount', 'net total', 'total excl vat', 'total before tax', 'zwischensumme', 'nettobetrag', 'summe netto', 'netto', 'total ht', 'sous total', 'montant ht', 'base imponible', 'subtotal']),
  g(['tax', 'vat', 'tax amount', 'vat amount', 'sales tax', 'total tax'], ['vat', 'tax', 'sales tax', 'vat amount', 'tax amount', 'mwst', 'ust', 'umsatzsteuer', 'mehrwertsteuer', 'tva', 'montant tva', 'iva', 'cuota iva', 'impuestos']),
  g(['currency'], ['currency', 'wahrung', 'devise', 'moneda']),
  g(['vendor', 'vendor name', 'supplier', 'supplier name', 'seller', 'issuer', 'company', 'company name', 'merchant', 'merchant name', 'store', 'biller'], ['from', 'supplier', 'vendor', 'seller', 'issued by', 'merchant', 'lieferant', 'verkaufer', 'fournisseur', 'vendeur', 'proveedor', 'emisor']),
  g(['customer', 'customer name', 'bill to', 'buyer', 'client', 'recipient', 'sold to', 'billed to'], ['bill to', 'billed to', 'customer', 'sold to', 'invoice to', 'client', 'kunde', 'rechnungsempfanger', 'an', 'client', 'facture a', 'destinataire', 'cliente', 'facturar a']),
  g(['customer number', 'customer id', 'account number', 'customer no', 'client number'], ['customer number', 'customer no', 'customer id', 'account number', 'account no', 'kundennummer', 'kunden nr', 'vertragskonto', 'numero client', 'n client', 'numero de cliente']),
  g(['iban'], ['iban']),
  g(['bic', 'swift', 'bic swift'], ['bic', 'swift', 'bic swift']),
  g(['account holder', 'account name', 'holder', 'holder name', 'name'], ['account holder', 'account name', 'name', 'kontoinhaber', 'inhaber', 'name', 'titulaire', 'titular', 'nom']),
  g(['statement period', 'period', 'billing period', 'pay period'], ['statement period', 'period', 'billing period', 'pay period', 'zeitraum', 'abrechnungszeitraum', 'abrechnungsmonat', 'periode', 'periode de facturation', 'periodo', 'periodo de facturacion']),
  g(['opening balance', 'previous balance', 'starting balance', 'balance brought forward'], ['opening balance', 'previous balance', 'balance brought forward', 'starting balance', 'alter kontostand', 'anfangssaldo', 'alter saldo', 'ancien solde', 'solde initial', 'saldo inicial', 'saldo anterior']),
  g(['closing balance', 'new balance', 'ending balance', 'final balance', 'balance carried forward'], ['closing balance', 'new balance', 'ending balance', 'balance carried forward', 'neuer kontostand', 'endsaldo', 'neuer saldo', 'nouveau solde', 'solde final', 'saldo final', 'saldo actual']),
  g(['employee', 'employee name'], ['employee', 'employee name', 'name', 'mitarbeiter', 'arbeitnehmer', 'name', 'salarie', 'nom', 'trabajador', 'empleado']),
  g(['employer', 'employer name'], ['employer', 'company', 'arbeitgeber', 'firma', 'employeur', 'empresa']),
  g(['gross pay', 'gross salary', 'gross', 'gross earnings', 'total earnings'], ['gross pay', 'gross salary', 'total gross', 'gross earnings', 'total earnings', 'gesamtbrutto', 'bruttolohn', 'bruttogehalt', 'brutto', 'salaire brut', 'brut', 'total devengado', 'salario bruto']),
  g(['net pay', 'net salary', 'net', 'take home pay', 'payout'], ['net pay', 'net salary', 'take home pay', 'nettolohn', 'nettogehalt', 'auszahlungsbetrag', 'netto', 'net a payer', 'salaire net', 'liquido a percibir', 'salario neto']),
  g(['total deductions', 'deductions'], ['total deductions', 'deductions', 'abzuge', 'gesamtabzuge', 'total retenues', 'total cotisations', 'total deducciones', 'deducciones']),
  g(['pay date', 'payment date', 'date paid'], ['pay date', 'payment date', 'date paid', 'paid on', 'auszahlungsdatum', 'zahltag', 'date de paiement', 'fecha de pago']),
  g(['meter number', 'meter id', 'meter'], ['meter number', 'meter no', 'meter', 'zahlernummer', 'zahler nr', 'numero de compteur', 'compteur', 'numero de contador', 'contador']),
  g(['consumption', 'usage', 'consumption kwh'], ['consumption', 'usage', 'units used', 'verbrauch', 'consommation', 'consumo']),
  g(['address', 'supply address', 'billing address', 'customer address'], ['address', 'supply address', 'billing address', 'anschrift', 'adresse', 'lieferstelle', 'adresse', 'direccion']),
  g(['description', 'item', 'item description', 'product', 'service', 'details', 'text'], ['description', 'item', 'details', 'product', 'service', 'particulars', 'beschreibung', 'bezeichnung', 'artikel', 'leistung', 'buchungstext', 'verwendungszweck', 'designation', 'description', 'libelle', 'descripcion', 'concepto', 'articulo']),
  g(['quantity', 'qty', 'units', 'hours'], ['quantity', 'qty', 'units', 'hours', 'menge', 'anzahl', 'stk', 'quantite', 'qte', 'cantidad', 'cant', 'uds']),
  g(['unit price', 'price', 'rate', 'unit cost'], ['unit price', 'price', 'rate', 'unit cost', 'einzelpreis', 'preis', 'e preis', 'prix unitaire', 'prix', 'pu', 'precio unitario', 'precio']),
  g(['line total', 'amount', 'line amount', 'total price', 'net amount'], ['amount', 'line total', 'total', 'betrag', 'gesamt', 'gesamtpreis', 'montant', 'total', 'importe', 'total']),
  g(['debit', 'withdrawal', 'paid out', 'money out'], ['debit', 'withdrawals', 'paid out', 'money out', 'soll', 'belastung', 'debit', 'cargo', 'debe']),
  g(['credit', 'deposit', 'paid in', 'money in'], ['credit', 'deposits', 'paid in', 'money in', 'haben', 'gutschrift', 'credit', 'abono', 'haber']),
  g(['balance', 'running balance'], ['balance', 'saldo', 'kontostand', 'solde', 'saldo']),
  g(['date', 'transaction date', 'booking date', 'value date', 'posting date'], ['date', 'transaction date', 'booking date', 'value date', 'datum', 'buchungstag', 'buchungsdatum', 'wertstellung', 'valuta', 'date', 'date operation', 'date de valeur', 'fecha', 'fecha valor', 'fecha operacion']),
  g(['payment method', 'paid by', 'payment type'], ['payment method', 'paid by', 'payment', 'zahlungsart', 'zahlart', 'mode de paiement', 'forma de pago', 'metodo de pago']),
  g(['vat number', 'vat id', 'tax id', 'tax number'], ['vat number', 'vat no', 'vat id', 'vat reg no', 'tax id', 'ust idnr', 'ust id', 'steuernummer', 'n tva', 'numero de tva', 'tva intracommunautaire', 'nif', 'cif']),
  g(['order number', 'po number', 'purchase order'], ['order number', 'order no', 'po number', 'purchase order', 'bestellnummer', 'auftragsnummer', 'numero de commande', 'numero de pedido']),
];
