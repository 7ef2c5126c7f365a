// The automatic rollback: every few minutes, each corporation that set an `auto_rollback` rule
// has its running canaries (its own, or its channel's) judged against their stable releases; a canary that is clearly worse
// drops to 0 % (its release stays named, so `release list` shows what was stopped). Promotion is
// never automatic. Several server processes may judge at once: halting twice is a no-op.
import type { Services } from '../base/services.ts';
import { corporationHealth, devicesOf, HEALTH_HOURS } from './health.ts';
import { haltCanary, type Change } from './pointers.ts';
import { judgeCanary, readRule } from './rule.ts';
import { canaryOf, REMOTES } from './resolve.ts';

/** Judges every running canary once; the changes it made. */
export async function judgeCanaries(services: Services): Promise<Change[]> {
  const { config, corporations, storage, clock, log } = services;
  const changes: Change[] = [];
  for (const corporation of corporations.all()) {
    const rule = readRule(corporation.sections.auto_rollback, config.autoRollback);
    if (!rule) continue;
    for (const part of REMOTES) {
      const running = await canaryOf(config.releasesDir, part, corporation.releases[part]);
      if (!running?.canary.percent) continue;
      const [health] = await corporationHealth(storage.db, config.releasesDir, corporation, {
        part,
        since: clock.now() - HEALTH_HOURS * 60 * 60_000,
      });
      const sample = (role: string) => {
        const release = health?.releases.find((seen) => seen.role === role);
        return release ? devicesOf(release) : { views: 0, errors: 0 };
      };
      const verdict = judgeCanary(rule, sample('canary'), sample('stable'));
      if (!verdict.rollBack) continue;
      // A channel's canary is halted for every corporation on the channel (it is the same
      // release); the history and `release list` name the corporation whose rule did it.
      const change = haltCanary(
        { releasesDir: config.releasesDir, corpDir: config.corpDir },
        running.channel ? `channel:${running.channel}` : `corporation:${corporation.id}`,
        part,
        {
          by: 'auto_rollback',
          rule: corporation.id,
          reason: running.channel
            ? `${verdict.reason}; the rule of ${corporation.id} halts channel ${running.channel} for every corporation on it`
            : verdict.reason,
        },
      );
      if (!change) continue;
      log.warn(
        { corporation: corporation.id, part, release: health?.canary?.release, reason: verdict.reason },
        'canary rolled back automatically',
      );
      changes.push(change);
    }
  }
  return changes;
}

/** Judges the canaries every RELEASE_RULE_EVERY_MS while the server runs. */
export function startAutoRollback(services: Services): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    judgeCanaries(services)
      .catch((error: unknown) => services.log.error({ err: error }, 'auto_rollback failed'))
      .finally(() => {
        running = false;
      });
  }, services.config.autoRollback.everyMs);
  return () => clearInterval(timer);
}
