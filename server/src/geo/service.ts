import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../base/config.ts';
import type { Corporation } from '../corporations/directory.ts';
import type { AddressPoint } from '@taxi/contract';
import type { GeoSection } from '@taxi/contract/schemas';
import { greatCircleRoutes, type RouteEstimate, type RouteEstimator } from './routing.ts';
import { EmbeddedGeography, loadExtract } from './embedded.ts';
import type { LatLng } from './geometry.ts';
import {
  type EngineConfig,
  routeEngine,
  type RouteEngine,
  searchEngine,
  type SearchEngine,
} from './external.ts';
import { type ScoredResult, SearchIndex } from './search.ts';
// Brings base/services.ts into every program that has this file, for the augmentation below.
import type {} from '../base/services.ts';

export interface GeoLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface GeoOptions {
  /** Where imports are cached. */
  cacheDir: string;
  /** The extract of a corporation whose file names none ('' for none). */
  defaultExtract: string;
  log: GeoLog;
}

/** A corporation file's `geo` section (checked with the file at load). */
const section = (corporation: Corporation): GeoSection => corporation.sections.geo ?? {};

/**
 * Each corporation's geography: the embedded one of its extract (imported once per file and
 * cached), external engines where its file configures them, great-circle estimates as the last
 * resort. Also the RouteEstimator of quotes and dispatch.
 */
export class GeoService implements RouteEstimator {
  readonly #options: GeoOptions;
  readonly #extracts = new Map<string, Promise<EmbeddedGeography | undefined>>();
  readonly #ready = new Map<string, EmbeddedGeography>();
  readonly #engines = new Map<string, SearchEngine | RouteEngine>();
  readonly #internal = new WeakMap<object, SearchIndex>();

  constructor(options: GeoOptions) {
    this.#options = options;
  }

  /** The extract file of a corporation, or '' when it has none. */
  extractFile(corporation: Corporation): string {
    const named = section(corporation).extract;
    return named ? path.resolve(REPO_ROOT, named) : this.#options.defaultExtract;
  }

  /** The corporation's embedded geography if it is imported already; never waits for an import. */
  embeddedNow(corporation: Corporation): EmbeddedGeography | undefined {
    return this.#ready.get(this.extractFile(corporation));
  }

  /** The corporation's embedded geography, imported on first use; undefined without an extract. */
  embedded(corporation: Corporation): Promise<EmbeddedGeography | undefined> {
    const file = this.extractFile(corporation);
    if (!file) return Promise.resolve(undefined);
    let loading = this.#extracts.get(file);
    if (!loading) {
      const started = performance.now();
      loading = (async () => {
        if (!fs.existsSync(file)) {
          this.#options.log.warn(
            { file },
            'geo: extract missing; address search is empty and routes are estimates',
          );
          return undefined;
        }
        const { data, cached, key } = await loadExtract(file, this.#options.cacheDir);
        const geography = new EmbeddedGeography(data, key);
        this.#ready.set(file, geography);
        this.#options.log.info(
          {
            file: path.basename(file),
            cached,
            ms: Math.round(performance.now() - started),
            streets: data.streets.length,
            addresses: data.addresses.street.length,
            pois: data.pois.length,
            roadNodes: geography.graph.size,
          },
          'geo: extract ready',
        );
        return geography;
      })().catch((error: unknown) => {
        this.#options.log.warn(
          { file, reason: (error as Error).message },
          'geo: extract import failed',
        );
        return undefined;
      });
      this.#extracts.set(file, loading);
    }
    return loading;
  }

  /** The embedded geography if it is loaded already (for work that cannot wait). */
  loaded(corporation: Corporation): EmbeddedGeography | undefined {
    const file = this.extractFile(corporation);
    return file ? this.#ready.get(file) : undefined;
  }

  #engine<T extends SearchEngine | RouteEngine>(
    config: EngineConfig,
    make: (c: EngineConfig) => T,
  ): T {
    const key = JSON.stringify(config);
    let engine = this.#engines.get(key) as T | undefined;
    if (!engine) this.#engines.set(key, (engine = make(config)));
    return engine;
  }

  #internalIndex(corporation: Corporation): SearchIndex | undefined {
    const places = section(corporation).places;
    if (!places?.length) return undefined;
    let index = this.#internal.get(places);
    if (!index) {
      const city = corporation.settings.city ?? '';
      index = new SearchIndex(
        places.map((p, i) => ({
          id: `i${i}`,
          quality: 'internal',
          name: p.name,
          context: [p.city ?? city],
          lat: p.lat,
          lng: p.lng,
          city: p.city ?? city,
          quarter: '',
          street: p.street ?? '',
          number: p.number ?? '',
          kind: p.kind ?? 'internal',
          boost: 0.1,
        })),
      );
      this.#internal.set(places, index);
    }
    return index;
  }

  async search(corporation: Corporation, query: string, limit: number): Promise<ScoredResult[]> {
    const internal = this.#internalIndex(corporation)?.search(query, limit) ?? [];
    let found: ScoredResult[] | undefined;
    const external = section(corporation).search;
    if (external) {
      try {
        found = await this.#engine(external, searchEngine).search(query, limit);
      } catch (error) {
        this.#options.log.warn(
          { engine: external.engine, reason: (error as Error).message },
          'geo: search engine failed, using the extract',
        );
      }
    }
    found ??= (await (await this.embedded(corporation))?.search(query, limit)) ?? [];
    return [...internal, ...found].sort((a, b) => b.score - a.score).slice(0, limit);
  }

  async reverse(corporation: Corporation, point: LatLng): Promise<AddressPoint | null> {
    const external = section(corporation).search;
    if (external) {
      try {
        return await this.#engine(external, searchEngine).reverse(point);
      } catch (error) {
        this.#options.log.warn(
          { engine: external.engine, reason: (error as Error).message },
          'geo: reverse geocoding failed, using the extract',
        );
      }
    }
    return (await (await this.embedded(corporation))?.reverse(point)) ?? null;
  }

  /** The road route, or a great-circle estimate when no engine has one. */
  async estimate(corporation: Corporation, from: LatLng, to: LatLng): Promise<RouteEstimate> {
    return (
      (await this.route(corporation, from, to)) ?? greatCircleRoutes.estimate(corporation, from, to)
    );
  }

  async route(
    corporation: Corporation,
    from: LatLng,
    to: LatLng,
  ): Promise<RouteEstimate | undefined> {
    const external = section(corporation).routing;
    if (external) {
      try {
        const route = await this.#engine(external, routeEngine).route(from, to);
        if (route) return route;
      } catch (error) {
        this.#options.log.warn(
          { engine: external.engine, reason: (error as Error).message },
          'geo: route engine failed, using the extract',
        );
      }
    }
    return (await this.embedded(corporation))?.route(from, to);
  }
}

declare module '../base/services.ts' {
  interface Services {
    /** Address search, reverse geocoding and routes per corporation. */
    geo: GeoService;
  }
}
