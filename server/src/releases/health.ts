// A corporation's release health as the release command, the release API and the operator page
// show it: per part, each release seen lately with its role (stable, canary) and, for the
// canary, its error rate against stable's, over distinct devices: a device that saw the release
// is a view, one that reported an error of it is an error, however often either happened.
import type { Corporation } from '../corporations/directory.ts';
import type { Db } from '../db/storage.ts';
import { readHealth, type ReleaseHealth } from '../reports/health.ts';
import { rateDifference, type Difference, type Sample } from './rule.ts';
import { canaryOf, RELEASE_NAMES, resolveRelease, type ReleaseName } from './resolve.ts';

/** How far back health looks by default: a day of hours. */
export const HEALTH_HOURS = 24;

export interface PartHealth {
  part: ReleaseName;
  /** The versions the part runs now ('' when its pointer resolves to nothing or to a URL). */
  stable: string;
  canary?: { release: string; percent: number };
  releases: (ReleaseHealth & { role: 'stable' | 'canary' | 'earlier'; vsStable?: Difference })[];
}

/** What the rule judges of a release: its distinct devices, and those of them that erred. */
export function devicesOf(health: Pick<ReleaseHealth, 'passengers' | 'erring'>): Sample {
  return { views: health.passengers, errors: health.erring };
}

async function versionOf(releasesDir: string, part: ReleaseName, pointer: string | undefined) {
  const release = await resolveRelease(releasesDir, part, pointer);
  return release?.kind === 'version' ? release.version : '';
}

export async function corporationHealth(
  db: Db,
  releasesDir: string,
  corporation: Corporation,
  { part, since }: { part?: ReleaseName; since: number },
): Promise<PartHealth[]> {
  const seen = await readHealth(db, corporation.id, since, part);
  const parts = part ? [part] : RELEASE_NAMES;
  const report: PartHealth[] = [];
  for (const name of parts) {
    const pointer = corporation.releases[name];
    const stable = await versionOf(releasesDir, name, pointer?.use);
    const running = (await canaryOf(releasesDir, name, pointer))?.canary;
    const canary = running
      ? { release: await versionOf(releasesDir, name, running.use), percent: running.percent }
      : undefined;
    const ofPart = seen.filter((health) => health.part === name);
    const stableHealth = ofPart.find((health) => health.release === stable);
    const releases = ofPart.map((health) => {
      const role =
        health.release === stable
          ? ('stable' as const)
          : health.release === canary?.release
            ? ('canary' as const)
            : ('earlier' as const);
      return role === 'canary' && stableHealth
        ? { ...health, role, vsStable: rateDifference(devicesOf(health), devicesOf(stableHealth)) }
        : { ...health, role };
    });
    if (releases.length > 0 || pointer)
      report.push({ part: name, stable, ...(canary ? { canary } : {}), releases });
  }
  return report;
}
