/** Text folding and fuzzy matching for address search. */

const SPECIAL: Record<string, string> = {
  ł: 'l',
  ß: 'ss',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/** Lower case, without diacritics ("Floriańska" -> "florianska", "Łódź" -> "lodz"). */
export function fold(value: string): string {
  return value
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[łßøæœđðþı]/g, (c) => SPECIAL[c] ?? c);
}

/** Words of a text, folded: letters and digits, split on anything else. */
export function words(value: string): string[] {
  return fold(value)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/** A house number token: 12, 12a, 12/3. */
export function isHouseNumber(word: string): boolean {
  return /^\d{1,5}[a-z]?(?:\/\d{1,4}[a-z]?)?$/.test(word);
}

/**
 * Optimal-string-alignment distance between a and b (insertions, deletions, substitutions and
 * swaps of neighbours), or max + 1 as soon as it must exceed max.
 */
export function editDistance(a: string, b: string, max: number): number {
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > max) return max + 1;
  let before = new Array<number>(m + 1);
  let previous = new Array<number>(m + 1);
  let current = new Array<number>(m + 1);
  for (let j = 0; j <= m; j++) previous[j] = j;
  for (let i = 1; i <= n; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= m; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (
        i > 1 &&
        j > 1 &&
        a.charCodeAt(i - 1) === b.charCodeAt(j - 2) &&
        a.charCodeAt(i - 2) === b.charCodeAt(j - 1)
      ) {
        value = Math.min(value, before[j - 2]! + 1);
      }
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return previous[m]!;
}

/** Typos tolerated in a word of this length. */
export function typoBudget(length: number): number {
  return length >= 8 ? 2 : length >= 4 ? 1 : 0;
}
