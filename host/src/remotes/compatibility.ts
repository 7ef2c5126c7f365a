import type { RemoteName } from '../routes/routeTable';

/** Package -> version: what a build runs against (@taxi/shared and every singleton). */
export type SharedContract = Record<string, string>;

declare const __TAXI_SHARED_CONTRACT__: SharedContract | undefined;

/** What this host was built against (set at build time; empty in unit tests). */
export const HOST_CONTRACT: SharedContract =
  typeof __TAXI_SHARED_CONTRACT__ === 'undefined' ? {} : __TAXI_SHARED_CONTRACT__;

/** A remote release as remotes.json describes it. */
export interface RemoteRelease {
  url: string;
  version?: string;
  shared?: SharedContract;
  fallback?: RemoteRelease;
}

/** Whether the device got a part's canary release or its stable one. */
export type Bucket = 'canary' | 'stable';

export interface RegistryReply {
  remotes?: Partial<Record<RemoteName, string>>;
  releases?: Partial<Record<RemoteName, RemoteRelease>>;
  buckets?: Partial<Record<RemoteName, Bucket>>;
  /** The view ticket this device's error reports carry. */
  ticket?: string;
}

const SHARED_PACKAGE = '@taxi/shared';

function parts(version: string): [number, number] {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return [major, minor];
}

/**
 * Whether a release built against `built` runs on the host's `provided`: the same major, and for
 * @taxi/shared, whose minor grows with its exports, a host at least as new as the build.
 */
function satisfies(pkg: string, provided: string, built: string): boolean {
  const [hostMajor, hostMinor] = parts(provided);
  const [builtMajor, builtMinor] = parts(built);
  if (hostMajor !== builtMajor) return false;
  return pkg !== SHARED_PACKAGE || hostMinor >= builtMinor;
}

/**
 * Why a release built against `built` cannot run in this host: each package it cannot be given.
 * A release without a record (a URL pointer) is taken as it is.
 */
export function incompatibilities(
  host: SharedContract,
  built: SharedContract | undefined,
): string[] {
  if (!built) return [];
  return Object.entries(built)
    .filter(([pkg, version]) => host[pkg] !== undefined && !satisfies(pkg, host[pkg], version))
    .map(([pkg, version]) => `${pkg} ${version} (host has ${host[pkg]})`);
}

export interface Refusal {
  remote: RemoteName;
  version: string | undefined;
  reasons: string[];
  /** The pinned fallback used instead, if it is compatible. */
  fallbackVersion?: string;
}

export interface ChosenReleases {
  /** Remote -> manifest URL to register. */
  entries: Partial<Record<RemoteName, string>>;
  /** Remote -> version actually chosen. */
  versions: Partial<Record<RemoteName, string>>;
  /** Remote -> the bucket the registry put this device in. */
  buckets?: Partial<Record<RemoteName, Bucket>>;
  /** The view ticket this device's error reports carry. */
  ticket?: string;
  refused: Refusal[];
}

/**
 * The release of each remote this host can run: the corporation's, or its pinned fallback when
 * that one was built against a shared contract the host cannot satisfy; else none (the remote's
 * routes show 'unavailable').
 */
export function chooseReleases(
  reply: RegistryReply,
  host: SharedContract = HOST_CONTRACT,
): ChosenReleases {
  const chosen: ChosenReleases = {
    entries: {},
    versions: {},
    buckets: { ...reply.buckets },
    ...(reply.ticket ? { ticket: reply.ticket } : {}),
    refused: [],
  };
  for (const [name, url] of Object.entries(reply.remotes ?? {}) as [RemoteName, string][]) {
    const release = reply.releases?.[name] ?? { url };
    const reasons = incompatibilities(host, release.shared);
    if (reasons.length === 0) {
      chosen.entries[name] = release.url;
      if (release.version) chosen.versions[name] = release.version;
      continue;
    }
    const fallback = release.fallback;
    const usable =
      fallback && incompatibilities(host, fallback.shared).length === 0 ? fallback : undefined;
    chosen.refused.push({
      remote: name,
      version: release.version,
      reasons,
      fallbackVersion: usable?.version,
    });
    if (usable) {
      chosen.entries[name] = usable.url;
      if (usable.version) chosen.versions[name] = usable.version;
    }
  }
  return chosen;
}
