// What the lines of an address look like: a street line holds a house number and a street word
// ("14 Kingfisher Road", "12 rue de la Paix", "Hauptstraße 5", "Via Roma 3"), or is a post-office
// box; a unit line names a flat or suite ("Flat 2", "Apt 4B", "Appartement 12"); a place name is
// a town written alone ("Bristol", "Saint-Denis"). In the languages of the documents we read.

import { foldText } from './text-folding.js';

const STREET_WORDS =
  /\b(?:street|st|road|rd|avenue|ave|lane|ln|drive|dr|boulevard|blvd|way|close|court|ct|place|pl|terrace|crescent|square|sq|gardens|grove|hill|park|row|walk|mews|highway|hwy|rue|chemin|allee|impasse|quai|cours|route|strasse|str|weg|platz|gasse|ring|damm|calle|c|avenida|av|paseo|plaza|camino|via|viale|piazza|corso|vicolo|straat|laan|plein|gracht|kade|rua|travessa)\b/;
const GERMANIC_STREET = /(?:strasse|str\.?|weg|platz|gasse|allee|ring|damm|straat|laan|plein|gracht|kade)\s*\d/;
const PO_BOX = /^(?:po box|p\.o\. box|bp|postfach|apartado|casella postale|postbus)\b/;
const UNIT = /^(?:flat|apartment|apt|appt|unit|suite|appartement|app|wohnung|whg|piso|interno|int|bus|etage|floor)\b/;

export function isStreetLine(text: string): boolean {
  const folded = foldText(text);
  if (PO_BOX.test(folded)) return true;
  if (!/\d/.test(folded)) return false;
  return STREET_WORDS.test(folded) || GERMANIC_STREET.test(folded);
}

export function isUnitLine(text: string): boolean {
  return UNIT.test(foldText(text.trim())) && /\d|\b[a-z]\b/i.test(text);
}

/** A town written alone: one to four words of letters, perhaps with a district number ("Dublin 2"). */
export function isPlaceName(text: string): boolean {
  const words = text.trim().split(/\s+/);
  return words.length <= 4 && /^\p{L}[\p{L}' .-]*?(?: \d{1,2})?$/u.test(text.trim());
}
