import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * One registry per process. In embedded mode several servers share a process, so every metric is
 * labelled by service instead of being registered once per server.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

export const httpRequests = new Counter({
  name: 'lifequest_http_requests_total',
  help: 'HTTP requests served, by service, method, route and status',
  labelNames: ['service', 'method', 'route', 'status'] as const,
  registers: [metricsRegistry],
});

export const httpDuration = new Histogram({
  name: 'lifequest_http_request_duration_seconds',
  help: 'HTTP request duration',
  labelNames: ['service', 'method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

/** Creates a gauge whose value is read when Prometheus scrapes, e.g. an outbox backlog or a queue depth. */
export function observedGauge(
  name: string,
  help: string,
  labelNames: readonly string[],
  collect: (gauge: Gauge<string>) => Promise<void> | void,
): Gauge<string> {
  const existing = metricsRegistry.getSingleMetric(name);
  if (existing) return existing as Gauge<string>;
  return new Gauge({
    name,
    help,
    labelNames: [...labelNames],
    registers: [metricsRegistry],
    async collect() {
      await collect(this);
    },
  });
}
