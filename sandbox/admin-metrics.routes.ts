// The sandbox's Get Metrics (Consumer Data Standards, CDR Admin API, Get Metrics v5; issue 35
// item 2): the `authorisations` block only, counted from its records and the flow events.
import type { FastifyInstance } from 'fastify';
import { authorisationMetrics, type MetricsPeriod, type MetricsRecords } from './authorisation-metrics';
import type { SqliteSandboxStore } from './sqlite-sandbox-store';

/** Get Metrics' path under the CDR base path. */
const ADMIN_METRICS_PATH = '/cds-au/v1/admin/metrics';

const PERIODS: readonly MetricsPeriod[] = ['CURRENT', 'HISTORIC', 'ALL'];
const isPeriod = (value: unknown): value is MetricsPeriod => PERIODS.some((period) => period === value);

/** What Get Metrics counts from, as the store holds it (also the funnel page's, issue 35 item 3). */
export const storedMetricsRecords = (store: SqliteSandboxStore): MetricsRecords => ({
  decided: store.listDecidedRequests(),
  arrangements: store.listArrangements(),
  flowEvents: store.listFlowEvents(),
});

/** What the route needs. */
export interface AdminMetricsDeps {
  readonly store: SqliteSandboxStore;
  readonly nowMs: () => number;
  /** The sandbox's origin, for links.self. */
  readonly origin: () => string;
}

/** Registers GET /cds-au/v1/admin/metrics (no client authentication: a sandbox, metrics.md). */
export function registerAdminMetricsRoute(app: FastifyInstance, deps: AdminMetricsDeps): void {
  app.get<{ Querystring: { period?: string } }>(ADMIN_METRICS_PATH, async (request, reply) => {
    const period = request.query.period ?? 'ALL';
    if (!isPeriod(period)) {
      // Consumer Data Standards, error codes: a query parameter with a value it cannot have.
      const detail = `period must be one of ${PERIODS.join(', ')}.`;
      return reply.code(400).send({ errors: [{ code: 'urn:au-cds:error:cds-all:Field/InvalidField', title: 'Invalid Field', detail }] });
    }
    const nowMs = deps.nowMs();
    const records = storedMetricsRecords(deps.store);
    return reply.header('x-v', '5').send({
      data: { requestTime: new Date(nowMs).toISOString(), authorisations: authorisationMetrics(records, period, nowMs) },
      links: { self: `${deps.origin()}${ADMIN_METRICS_PATH}?period=${period}` },
      meta: {},
    });
  });
}
