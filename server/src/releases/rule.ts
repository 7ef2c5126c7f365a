// When a canary is clearly worse than the stable release: the corporation's `auto_rollback` rule
// and the statistics behind it, as plain functions (tested without a server).
import type { AutoRollbackSection } from '@taxi/contract/schemas';

export interface Sample {
  views: number;
  errors: number;
}

export function errorRate({ views, errors }: Sample): number {
  return views > 0 ? errors / views : 0;
}

export interface Difference {
  /** canary − stable error rate */
  difference: number;
  /** 95 % confidence bounds of the difference */
  low: number;
  high: number;
}

/**
 * canary − stable error rate with a 95 % interval (Agresti–Caffo: one error and one clean view
 * added to each side, so small and zero counts give honest bounds). A page view may raise several
 * errors; the interval takes each view as having erred at most once.
 */
export function rateDifference(canary: Sample, stable: Sample): Difference {
  const adjusted = ({ views, errors }: Sample) => {
    const p = (Math.min(errors, views) + 1) / (views + 2);
    return { p, variance: (p * (1 - p)) / (views + 2) };
  };
  const a = adjusted(canary);
  const b = adjusted(stable);
  const spread = 1.96 * Math.sqrt(a.variance + b.variance);
  return {
    difference: errorRate(canary) - errorRate(stable),
    low: a.p - b.p - spread,
    high: a.p - b.p + spread,
  };
}

export interface AutoRollbackRule {
  /** Devices each side needs before the rule judges (a device is a view). */
  minViews: number;
  /** The canary's error rate may be at most this many times the stable one's. */
  maxErrorRatio: number;
}

/**
 * The rule a corporation file sets (`auto_rollback`, checked with the file at load), over the
 * server's defaults; null if none.
 */
export function readRule(
  section: AutoRollbackSection | undefined,
  defaults: AutoRollbackRule,
): AutoRollbackRule | null {
  if (section === undefined || section === false) return null;
  if (section === true) return defaults;
  return {
    minViews: section.min_views ?? defaults.minViews,
    maxErrorRatio: section.max_error_ratio ?? defaults.maxErrorRatio,
  };
}

export interface Verdict {
  rollBack: boolean;
  /** The figures, for the history, the log and `release list`. */
  reason: string;
}

/**
 * Roll back when both sides have enough views, the canary's error rate is above the allowed
 * multiple of stable's, and even the low end of the difference is above zero: clearly worse,
 * not a few unlucky pages.
 */
export function judgeCanary(rule: AutoRollbackRule, canary: Sample, stable: Sample): Verdict {
  const figures =
    `canary ${canary.errors}/${canary.views} devices erred, ` +
    `stable ${stable.errors}/${stable.views}`;
  if (canary.views < rule.minViews || stable.views < rule.minViews)
    return { rollBack: false, reason: `${figures}: fewer than ${rule.minViews} devices` };
  const { low } = rateDifference(canary, stable);
  const worse =
    errorRate(canary) > rule.maxErrorRatio * errorRate(stable) && low > 0;
  return {
    rollBack: worse,
    reason: `${figures}, difference ≥ ${(low * 100).toFixed(2)} points at 95 %` +
      (worse ? `: above ${rule.maxErrorRatio}× stable` : ''),
  };
}
