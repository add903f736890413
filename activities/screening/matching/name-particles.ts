/**
 * Name particles and glued Arabic compounds. ("Abd" and its spellings are not particles but a name
 * word of its own; name-variants.ts folds abdul/abdel/abdur ... into one variant.) Particles (al, el, bin, ibn, van, de ...) are kept as
 * low-weight tokens under one canonical spelling each (el/ul/ad/ar → al, ibn/ben → bin). Arabic
 * compounds written as one word are split the way the spaced spellings are tokenised, so
 * "Abdulrahman", "Abd al-Rahman" and "Abdel Rahman" give the same words (abdul/abd/abdel, [al,] rahman) and
 * "Bashiruddin" and "Bashir-ud-Din" give (bashir, [al,] din).
 */

const PARTICLE_CANONICAL: Record<string, string> = {
  al: 'al', el: 'al', ul: 'al', ad: 'al', ar: 'al', as: 'al', at: 'al', az: 'al', ash: 'al', an: 'al',
  ud: 'al', ed: 'al', uz: 'al', ur: 'al', ut: 'al', un: 'al', es: 'al', er: 'al', et: 'al',
  bin: 'bin', ibn: 'bin', ben: 'bin', bn: 'bin', binti: 'bint', bint: 'bint', ould: 'bin',
  abu: 'abu', abou: 'abu', abo: 'abu', bu: 'abu',
  van: 'van', von: 'van', der: 'der', den: 'der', de: 'de', da: 'de', di: 'de', do: 'de', dos: 'de', das: 'de',
  del: 'de', della: 'de', du: 'de', des: 'de', la: 'la', le: 'la', los: 'la', las: 'la', y: 'y', e: 'y',
};

/**
 * Particles that are only particles, never a name on their own in a listed name. Short words like
 * "an", "do", "la" are also Asian surnames or given names: those are recognised as particles only
 * between two other tokens or with a hyphen (al-, el-), see name-tokenizer.ts.
 */
const ALWAYS_PARTICLE = new Set(['al', 'el', 'ul', 'ud', 'bin', 'ibn', 'bint', 'binti', 'abu', 'van', 'von', 'der', 'de', 'del', 'della', 'dos', 'das', 'du', 'des', 'ould']);

export function canonicalParticle(folded: string): string | undefined {
  return PARTICLE_CANONICAL[folded];
}

export function isAlwaysParticle(folded: string): boolean {
  return ALWAYS_PARTICLE.has(folded);
}

const ABD_PREFIX = /^(abdul|abdel|abdal|abdur|abdar|abdor|abdoul|abdol|abdus|abd)(?=[a-z]{3,}$)/;
const DIN_SUFFIX = /^([a-z]{3,}?)(uddin|uddeen|uddine|udin|udeen|udine|uldin|oudine|oudin|ouddine|eddin|eddine|eddeen|edine|addin|aldin|oddin|edin)$/;
const ALLAH_SPELLINGS = new Set(['abdullah', 'abdallah', 'abdulla', 'abdalla', 'abdellah', 'abdoulah', 'abdoullah', 'abdollah', 'abdulah']);

/** Splits one glued Arabic compound into the tokens its spaced spelling would give. */
export function splitArabicCompound(folded: string): string[] {
  if (ALLAH_SPELLINGS.has(folded)) return [folded];
  const abd = ABD_PREFIX.exec(folded);
  if (abd) {
    const rest = folded.slice((abd[1] as string).length);
    // "Abdulrahman" = abd + rahman; "Abdurrahman" has the assimilated article: drop the doubled letter.
    const restClean = rest.length > 3 && rest[0] === rest[1] ? rest.slice(1) : rest;
    return [abd[1] as string, ...splitArabicCompound(restClean)];
  }
  const din = DIN_SUFFIX.exec(folded);
  if (din) return [din[1] as string, 'al', 'din'];
  return [folded];
}
