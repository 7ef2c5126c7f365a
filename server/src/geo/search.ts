import type { StreetSearchResult } from '@taxi/contract';
import type { GeoData } from './importer.ts';
import { editDistance, fold, isHouseNumber, typoBudget, words } from './text.ts';

export interface ScoredResult extends StreetSearchResult {
  score: number;
}

/** A searchable object: its name words count fully, its context words (city, quarter, street) half. */
export interface SearchDoc {
  id: string;
  quality: StreetSearchResult['quality'];
  name: string;
  context: string[];
  lat: number;
  lng: number;
  city: string;
  quarter: string;
  street: string;
  number: string;
  kind: string;
  /** Added to the text score: big places before small ones, important POIs before others. */
  boost: number;
}

/** House numbers of a street doc, for "street number" queries. */
export interface Houses {
  /** Street doc index -> [first, end) in `order`. */
  ranges: Map<number, [number, number]>;
  order: Int32Array;
  number: string[];
  lat: Float64Array;
  lng: Float64Array;
}

/** Words that may be typed but need not match: street-type abbreviations and articles. */
const OPTIONAL = new Set([
  ...['ul', 'ulica', 'al', 'aleja', 'pl', 'plac', 'os', 'osiedle'],
  ...['the', 'st', 'street', 'rd', 'road', 'ave', 'av', 'avenue'],
  ...[
    'de',
    'du',
    'des',
    'la',
    'le',
    'di',
    'rue',
    'bd',
    'bld',
    'blvd',
    'boulevard',
    'str',
    'strasse',
  ],
]);

const EXACT = 1;
const PREFIX = 0.85;
const TYPO = 0.65;
const PREFIX_TYPO = 0.55;
const CONTEXT_WEIGHT = 0.5;
/** Most terms one query word may expand to. */
const MAX_TERMS = 300;

interface Postings {
  name: Int32Array;
  context: Int32Array;
}

function compareNumbers(a: string, b: string): number {
  const na = parseInt(a, 10);
  const nb = parseInt(b, 10);
  return na !== nb && !Number.isNaN(na) && !Number.isNaN(nb) ? na - nb : a.localeCompare(b);
}

/** Prefix- and typo-tolerant search over places, streets, house numbers and POIs. */
export class SearchIndex {
  readonly docs: SearchDoc[];
  readonly #terms: string[];
  readonly #postings: Postings[];
  readonly #nameWords: Int32Array;
  readonly #houses: Houses | undefined;

  constructor(docs: SearchDoc[], houses?: Houses) {
    this.docs = docs;
    this.#houses = houses;
    const name = new Map<string, number[]>();
    const context = new Map<string, number[]>();
    this.#nameWords = new Int32Array(docs.length);
    const add = (map: Map<string, number[]>, term: string, doc: number) => {
      let list = map.get(term);
      if (!list) map.set(term, (list = []));
      if (list[list.length - 1] !== doc) list.push(doc);
    };
    docs.forEach((doc, i) => {
      const own = words(doc.name);
      this.#nameWords[i] = new Set(own).size;
      for (const term of own) add(name, term, i);
      for (const term of doc.context.flatMap((c) => words(c))) add(context, term, i);
    });
    this.#terms = [...new Set([...name.keys(), ...context.keys()])].sort();
    this.#postings = this.#terms.map((term) => ({
      name: Int32Array.from(name.get(term) ?? []),
      context: Int32Array.from(context.get(term) ?? []),
    }));
  }

  get termCount(): number {
    return this.#terms.length;
  }

  /** The first index whose term is >= word. */
  #lowerBound(word: string): number {
    let lo = 0;
    let hi = this.#terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.#terms[mid]! < word) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Terms a query word stands for, with the quality of the match. */
  #expand(word: string, last: boolean): Map<number, number> {
    const found = new Map<number, number>();
    const terms = this.#terms;
    const start = this.#lowerBound(word);
    if (terms[start] === word) found.set(start, EXACT);
    if (word.length >= 2) {
      const prefix = last ? PREFIX : PREFIX - 0.1;
      for (
        let t = start;
        t < terms.length && found.size < MAX_TERMS && terms[t]!.startsWith(word);
        t++
      ) {
        if (!found.has(t))
          found.set(t, prefix - Math.min(0.15, (terms[t]!.length - word.length) * 0.01));
      }
    }
    const budget = typoBudget(word.length);
    if (budget > 0 && found.size < MAX_TERMS) {
      const first = word.charCodeAt(0);
      for (let t = 0; t < terms.length; t++) {
        if (found.has(t)) continue;
        const term = terms[t]!;
        // A typo in the first letter is rare; checking it only for close lengths keeps this fast.
        if (term.charCodeAt(0) !== first && term.charCodeAt(1) !== word.charCodeAt(1)) continue;
        if (
          Math.abs(term.length - word.length) <= budget &&
          editDistance(word, term, budget) <= budget
        ) {
          found.set(t, TYPO);
        } else if (
          last &&
          term.length > word.length &&
          editDistance(word, term.slice(0, word.length), budget) <= budget
        ) {
          found.set(t, PREFIX_TYPO);
        }
        if (found.size >= MAX_TERMS) break;
      }
    }
    return found;
  }

  /** Per doc: the best quality of this word's match, and whether it matched the name. */
  #matches(word: string, last: boolean): Map<number, number> {
    const byDoc = new Map<number, number>();
    for (const [term, quality] of this.#expand(word, last)) {
      const { name, context } = this.#postings[term]!;
      for (const doc of context) {
        const q = quality * CONTEXT_WEIGHT;
        if ((byDoc.get(doc) ?? -Infinity) < q) byDoc.set(doc, q);
      }
      // A match in the name is stored as quality + 10, so that one number tells both.
      for (const doc of name) {
        const q = quality + 10;
        if ((byDoc.get(doc) ?? -Infinity) < q) byDoc.set(doc, q);
      }
    }
    return byDoc;
  }

  search(query: string, limit: number): ScoredResult[] {
    const all = words(query);
    if (all.length === 0) return [];
    const trailingSpace = /\s$/.test(query);
    const numberToken = all.length > 1 ? [...all].reverse().find(isHouseNumber) : undefined;
    const texts = all.filter((w) => w !== numberToken);
    if (texts.length === 0) return [];
    const lastIndex = texts.length - 1;
    const perWord = texts.map((word, i) => ({
      word,
      optional: OPTIONAL.has(word) || (isHouseNumber(word) && texts.length > 1),
      docs: this.#matches(word, i === lastIndex && !trailingSpace),
    }));
    const required = perWord.filter((w) => !w.optional);
    const driving = (required.length > 0 ? required : perWord).reduce((a, b) =>
      a.docs.size <= b.docs.size ? a : b,
    );
    const scored: ScoredResult[] = [];
    for (const doc of driving.docs.keys()) {
      let sum = 0;
      let inName = 0;
      let rejected = false;
      for (const w of perWord) {
        const q = w.docs.get(doc);
        if (q === undefined) {
          if (!w.optional) {
            rejected = true;
            break;
          }
          continue;
        }
        if (q >= 10) {
          inName++;
          sum += q - 10;
        } else sum += q;
      }
      if (rejected || (inName === 0 && required.length > 0)) continue;
      const entry = this.docs[doc]!;
      const completeness = Math.min(1, inName / Math.max(1, this.#nameWords[doc]!));
      const score = sum / perWord.length + 0.2 * completeness + entry.boost;
      scored.push({ ...this.#result(entry), score });
      if (numberToken && entry.quality === 'street' && this.#houses)
        scored.push(...this.#housesOf(doc, numberToken, score));
    }
    scored.sort(
      (a, b) => b.score - a.score || a.label.length - b.label.length || a.id.localeCompare(b.id),
    );
    const seen = new Set<string>();
    const unique: ScoredResult[] = [];
    for (const result of scored) {
      const key = `${result.quality} ${fold(result.label)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      unique.push(result);
      if (unique.length >= limit) break;
    }
    return unique;
  }

  #housesOf(streetDoc: number, wanted: string, streetScore: number): ScoredResult[] {
    const houses = this.#houses!;
    const range = houses.ranges.get(streetDoc);
    if (!range) return [];
    const street = this.docs[streetDoc]!;
    const results: ScoredResult[] = [];
    for (let k = range[0]; k < range[1] && results.length < 5; k++) {
      const i = houses.order[k]!;
      const number = houses.number[i]!;
      const folded = fold(number).replace(/\s+/g, '');
      const exact = folded === wanted;
      if (!exact && !folded.startsWith(wanted)) continue;
      results.push({
        id: `h${i}`,
        lat: houses.lat[i]!,
        lng: houses.lng[i]!,
        quality: 'house',
        quarter: street.quarter,
        city: street.city,
        name: `${street.name} ${number}`,
        street: street.name,
        number,
        kind: 'house',
        label: label([`${street.name} ${number}`, street.city]),
        score:
          streetScore +
          (exact ? 0.3 : 0.15 - Math.min(0.1, (folded.length - wanted.length) * 0.02)),
      });
    }
    return results;
  }

  #result(doc: SearchDoc): StreetSearchResult {
    const address = doc.street ? `${doc.street}${doc.number ? ` ${doc.number}` : ''}` : '';
    const parts =
      doc.quality === 'area'
        ? [doc.name, doc.city !== doc.name ? doc.city : '']
        : doc.quality === 'street'
          ? [doc.name, doc.city]
          : [doc.name, address, doc.city];
    return {
      id: doc.id,
      lat: doc.lat,
      lng: doc.lng,
      quality: doc.quality,
      quarter: doc.quarter,
      city: doc.city,
      name: doc.name,
      street: doc.quality === 'street' ? doc.name : doc.street,
      number: doc.number,
      kind: doc.kind,
      label: label(parts),
    };
  }
}

function label(parts: string[]): string {
  return parts.filter((part) => part !== '').join(', ');
}

const IMPORTANT_KINDS = new Set([
  'airport',
  'railway_station',
  'hospital',
  'bus_station',
  'station',
]);
const MINOR_KINDS = new Set(['bus_stop', 'tram_stop', 'parking', 'shop', 'restaurant']);

/** The search index of an imported extract. */
export function extractIndex(data: GeoData): SearchIndex {
  const docs: SearchDoc[] = [];
  const cityOfQuarter = (lat: number, lng: number) => {
    let best = '';
    let bestDistance = Infinity;
    for (const place of data.places) {
      if (!['city', 'town', 'village', 'hamlet'].includes(place.kind)) continue;
      const d = (place.lat - lat) ** 2 + (place.lng - lng) ** 2;
      if (d < bestDistance) [best, bestDistance] = [place.name, d];
    }
    return best;
  };
  data.places.forEach((place, i) => {
    const city = ['city', 'town', 'village', 'hamlet'].includes(place.kind)
      ? place.name
      : cityOfQuarter(place.lat, place.lng);
    const boost =
      place.kind === 'city'
        ? 0.12
        : place.kind === 'town'
          ? 0.1
          : place.kind === 'village'
            ? 0.06
            : 0.04;
    docs.push({
      id: `a${i}`,
      quality: 'area',
      name: place.name,
      context: [city],
      lat: place.lat,
      lng: place.lng,
      city,
      quarter: city === place.name ? '' : place.name,
      street: '',
      number: '',
      kind: place.kind,
      boost,
    });
  });
  const streetDoc = new Int32Array(data.streets.length);
  data.streets.forEach((street, i) => {
    streetDoc[i] = docs.length;
    docs.push({
      id: `s${i}`,
      quality: 'street',
      name: street.name,
      context: [street.city, street.quarter],
      lat: street.lat,
      lng: street.lng,
      city: street.city,
      quarter: street.quarter,
      street: street.name,
      number: '',
      kind: 'street',
      boost: 0.03,
    });
  });
  data.pois.forEach((poi, i) => {
    docs.push({
      id: `p${i}`,
      quality: 'poi',
      name: poi.name,
      context: [poi.city, poi.quarter, poi.street, poi.kind.replace(/_/g, ' ')],
      lat: poi.lat,
      lng: poi.lng,
      city: poi.city,
      quarter: poi.quarter,
      street: poi.street,
      number: poi.number,
      kind: poi.kind,
      boost: IMPORTANT_KINDS.has(poi.kind) ? 0.05 : MINOR_KINDS.has(poi.kind) ? 0 : 0.02,
    });
  });
  const { addresses } = data;
  const count = addresses.street.length;
  const order = Int32Array.from({ length: count }, (_, i) => i).sort(
    (a, b) =>
      addresses.street[a]! - addresses.street[b]! ||
      compareNumbers(addresses.number[a]!, addresses.number[b]!),
  );
  const ranges = new Map<number, [number, number]>();
  for (let k = 0; k < count;) {
    const street = addresses.street[order[k]!]!;
    let end = k;
    while (end < count && addresses.street[order[end]!] === street) end++;
    ranges.set(streetDoc[street]!, [k, end]);
    k = end;
  }
  return new SearchIndex(docs, {
    ranges,
    order,
    number: addresses.number,
    lat: addresses.lat,
    lng: addresses.lng,
  });
}
