import type { Feature, FeatureCategory } from '@taxi/contract';
import type { Corporation, Lang } from './directory.ts';

/** A name as written, or by language: the call's, else English, else the first given. */
function localName(name: string | Record<string, string>, lang: Lang): string {
  if (typeof name === 'string') return name;
  return name[lang] ?? name.en ?? Object.values(name)[0] ?? '';
}

export function taxiFeatures(corporation: Corporation, lang: Lang): Feature[] {
  return (corporation.sections.taxi_features ?? []).map((entry) => ({
    id: entry.id,
    name: localName(entry.name, lang),
    category_id: entry.category_id ?? 0,
    surcharge_enabled: entry.surcharge_enabled ?? false,
    surcharge_t1: entry.surcharge_t1 ?? 0,
    surcharge_t2: entry.surcharge_t2 ?? 0,
  }));
}

export function featureCategories(corporation: Corporation, lang: Lang): FeatureCategory[] {
  return (corporation.sections.taxi_feature_category_list ?? []).map((entry) => ({
    id: entry.id,
    name: localName(entry.name, lang),
  }));
}

/** The lists sent with a successful sign-in (GET_AUTH, GET_AUTH_PHONE). */
export function featureLists(corporation: Corporation, lang: Lang) {
  return {
    taxi_features: taxiFeatures(corporation, lang),
    taxi_feature_category_list: featureCategories(corporation, lang),
  };
}
