// `release health`: the figures of each release of a corporation, as a table.
import type { PartHealth } from '@taxi/server/releases/health';

const percent = (value: number) => `${(value * 100).toFixed(2)} %`;
const points = (value: number) => `${value >= 0 ? '+' : ''}${(value * 100).toFixed(2)}`;

export function healthRows(report: PartHealth[]): string[][] {
  const rows = [
    ['part', 'release', 'role', 'passengers', 'views', 'errors', 'error rate', 'canary − stable'],
  ];
  for (const part of report) {
    for (const release of part.releases) {
      const role =
        release.role === 'canary' && part.canary ? `canary ${part.canary.percent} %` : release.role;
      const versus = release.vsStable
        ? `${points(release.vsStable.difference)} pt (95 %: ${points(release.vsStable.low)} … ${points(release.vsStable.high)})`
        : '';
      rows.push([
        part.part,
        release.release,
        role,
        String(release.passengers),
        String(release.views),
        String(release.errors),
        release.views > 0 ? percent(release.errors / release.views) : '',
        versus,
      ]);
    }
    if (part.releases.length === 0)
      rows.push([part.part, part.stable, 'stable', '0', '0', '0', '', '']);
  }
  return rows;
}
