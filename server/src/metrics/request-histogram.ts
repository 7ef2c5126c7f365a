// The histogram of HTTP requests, kept in plain arrays and read by the registry like any metric.
// It sees every request, so its observation must cost next to nothing: prom-client's own
// Histogram builds, checks and joins a label set on each one (1.8 µs measured, 1-2 % of a cheap
// request), this finds its series by three map lookups (under 0.1 µs).
import type { Metric, Registry } from 'prom-client';

interface Series {
  labels: Record<string, string>;
  /** Observations per bucket, not cumulative; the last counts those above every bound. */
  counts: number[];
  sum: number;
  count: number;
}

interface Options<L extends string> {
  name: string;
  help: string;
  buckets: readonly number[];
  /** The exposed labels of a raw set (bounded there), asked once per new raw set. */
  labelsOf: (a: string, b: string, c: number) => Record<L, string>;
  registry: Registry;
}

export class RequestHistogram<L extends string> {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  readonly name: string;
  readonly help: string;
  private readonly buckets: readonly number[];
  private readonly labelsOf: Options<L>['labelsOf'];
  /** Raw label values → series; several raw sets may share one series once labels are bounded. */
  private readonly lookup = new Map<string, Map<string, Map<number, Series>>>();
  /** Series by their exposed labels: one line set each. */
  private readonly series = new Map<string, Series>();

  constructor({ name, help, buckets, labelsOf, registry }: Options<L>) {
    this.name = name;
    this.help = help;
    this.buckets = buckets;
    this.labelsOf = labelsOf;
    registry.registerMetric(this as unknown as Metric);
  }

  observe(a: string, b: string, c: number, value: number): void {
    let byB = this.lookup.get(a);
    if (!byB) this.lookup.set(a, (byB = new Map()));
    let byC = byB.get(b);
    if (!byC) byB.set(b, (byC = new Map()));
    let series = byC.get(c);
    if (!series) byC.set(c, (series = this.seriesOf(this.labelsOf(a, b, c))));
    let bucket = 0;
    while (bucket < this.buckets.length && value > this.buckets[bucket]!) bucket++;
    series.counts[bucket]!++;
    series.sum += value;
    series.count++;
  }

  private seriesOf(labels: Record<string, string>): Series {
    const key = JSON.stringify(labels);
    let series = this.series.get(key);
    if (!series)
      this.series.set(
        key,
        (series = { labels, counts: Array(this.buckets.length + 1).fill(0), sum: 0, count: 0 }),
      );
    return series;
  }

  /** The values as prom-client's registry formats them (its Histogram's shape). */
  async get() {
    const values: { labels: Record<string, string | number>; value: number; metricName: string }[] =
      [];
    for (const { labels, counts, sum, count } of this.series.values()) {
      let cumulative = 0;
      this.buckets.forEach((le, i) => {
        cumulative += counts[i]!;
        values.push({
          labels: { le, ...labels },
          value: cumulative,
          metricName: `${this.name}_bucket`,
        });
      });
      values.push({
        labels: { le: '+Inf', ...labels },
        value: count,
        metricName: `${this.name}_bucket`,
      });
      values.push({ labels, value: sum, metricName: `${this.name}_sum` });
      values.push({ labels, value: count, metricName: `${this.name}_count` });
    }
    return {
      name: this.name,
      help: this.help,
      type: this.type,
      values,
      aggregator: this.aggregator,
    };
  }
}
