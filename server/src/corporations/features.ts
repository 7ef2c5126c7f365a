import type { Feature, FeatureCategory } from '@taxi/contract';
import type { Corporation, Lang } from './directory.ts';

type Entry = Record<string, unknown>;

function entries(corporation: Corporation, key: string): Entry[] {
  const value = corporation.raw[key];
  return Array.isArray(value)
    ? value.filter((e): e is Entry => typeof e === 'object' && e !== null && Number.isInteger(e.id))
    : [];
}

function localName(name: unknown, lang: Lang): string {
  if (typeof name === 'string') return name;
  if (typeof name === 'object' && name !== null) {
    const names = name as Record<string, unknown>;
    const chosen = names[lang] ?? names.en ?? Object.values(names)[0];
    if (typeof chosen === 'string') return chosen;
  }
  return '';
}

function amount(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0;
}

export function taxiFeatures(corporation: Corporation, lang: Lang): Feature[] {
  return entries(corporation, 'taxi_features').map((entry) => ({
    id: entry.id as number,
    name: localName(entry.name, lang),
    category_id: Number.isInteger(entry.category_id) ? (entry.category_id as number) : 0,
    surcharge_enabled: entry.surcharge_enabled === true,
    surcharge_t1: amount(entry.surcharge_t1),
    surcharge_t2: amount(entry.surcharge_t2),
  }));
}

export function featureCategories(corporation: Corporation, lang: Lang): FeatureCategory[] {
  return entries(corporation, 'taxi_feature_category_list').map((entry) => ({
    id: entry.id as number,
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
