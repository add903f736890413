// Where the portrait and the signature are on a TD3 passport data page, relative to its
// machine-readable zone, from the nominal layout of ICAO Doc 9303 Part 4: a 125 × 88 mm page, the
// zone's first character 6 mm from the left edge with its two lines at the foot of the page
// (the first line's centre about 11 mm above the bottom edge), the portrait (zone V, up to
// 45 × 35 mm) at the left of the visual inspection zone, and the holder's signature (zone IV)
// under the personal data, right of the portrait, just above the zone. States place these with
// some freedom, so the windows are generous. Millimetres from the centre of the zone's first
// character (x along the zone's lines, y down towards the second line; negative y is above it).

export interface MmWindow {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Character pitch of the zone: OCR-B at 10 characters per inch. */
export const MRZ_PITCH_MM = 2.54;

export const PORTRAIT_WINDOW: MmWindow = { left: -5.5, top: -65, right: 37, bottom: -9 };
export const SIGNATURE_WINDOW: MmWindow = { left: 32, top: -29, right: 115, bottom: -7.5 };
