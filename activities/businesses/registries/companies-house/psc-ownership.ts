// Reads a share percentage out of a PSC's natures_of_control.
// Companies House records ownership only as a band ("ownership-of-shares-25-to-50-percent" means
// more than 25% and at most 50%), never the exact holding. We report the band's LOWER bound:
// it is the one figure the register guarantees ("holds more than 25%"), and a midpoint would
// publish a number nobody filed. LLP members' "right-to-share-surplus-assets-…" bands count as
// ownership; registered overseas entities' "…-more-than-25-percent-…" reads as 25. A PSC with
// several natures (as a person, as a trustee, as a firm member) gets the highest lower bound.
// Control without an ownership band (voting rights only, right to appoint directors, significant
// influence) yields null: that person controls the company but is not a recorded shareholder.

const BAND = /^(?:ownership-of-shares|right-to-share-surplus-assets)-(\d{1,3})-to-(\d{1,3})-percent/;
const MORE_THAN = /^(?:ownership-of-shares|right-to-share-surplus-assets)-more-than-(\d{1,3})-percent/;

export function ownershipLowerBound(naturesOfControl: readonly string[] | undefined): number | null {
  let best: number | null = null;
  for (const nature of naturesOfControl ?? []) {
    const match = BAND.exec(nature) ?? MORE_THAN.exec(nature);
    if (!match?.[1]) continue;
    const lower = Number.parseInt(match[1], 10);
    if (best === null || lower > best) best = lower;
  }
  return best;
}

/** individual | corporate | legal_person | undisclosed, from the PSC `kind`. */
export function pscHolderType(kind: string | undefined): string | null {
  if (!kind) return null;
  if (kind.startsWith('individual')) return 'individual';
  if (kind.startsWith('corporate-entity')) return 'corporate';
  if (kind.startsWith('legal-person')) return 'legal_person';
  if (kind.startsWith('super-secure')) return 'undisclosed';
  return null;
}
