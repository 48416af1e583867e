// The sandbox's CSP report collector (issue 12, CONTRACT §2 cspReportUri): the CSP of every
// answer sends its violation reports here, as the legacy `application/csp-report` body
// (report-uri) or the Reporting API's `application/reports+json` list (report-to). Each report is
// validated and logged in one line; nothing a browser or an attacker sends can make it fail.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CspReporting } from '../contract/web-security-headers';
import { errorEnvelope } from './error-envelope';

/** Where the sandbox collects CSP reports: its config.json's cspReportUri. */
export const CSP_REPORT_PATH = '/csp-reports';

/**
 * The sandbox's CSP reporting: report-uri to its collector. No report-to: the sandbox is served
 * over plain HTTP, where Chromium delivers no Reporting API report and, given report-to, ignores
 * report-uri. (Behind HTTPS, as nginx serves the app, both are sent.)
 */
export const SANDBOX_CSP_REPORTING: CspReporting = { uri: CSP_REPORT_PATH, reportingApi: false };

/** The largest report body accepted (a browser's report is a few KB). */
const CSP_REPORT_BODY_LIMIT = 64 * 1024;

/** The most reports one Reporting API delivery may carry. */
const MAX_REPORTS_PER_DELIVERY = 100;

/** The longest a field is logged (a policy or a sample can be long). */
const MAX_LOGGED_FIELD = 200;

const LEGACY_TYPE = 'application/csp-report';
const REPORTING_API_TYPE = 'application/reports+json';

/** One CSP violation, whichever format it came in. */
interface CspViolation {
  /** How it came: report-uri (application/csp-report) or report-to (application/reports+json). */
  readonly via: 'report-uri' | 'report-to';
  readonly documentUrl: string;
  readonly directive: string;
  readonly blockedUrl: string;
  readonly disposition: string;
  readonly sourceFile?: string;
  readonly line?: number;
  readonly column?: number;
  readonly sample?: string;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Optional fields must have their type when present; answers the problem, if any. */
function typeProblem(record: Json, strings: readonly string[], numbers: readonly string[], where: string): string | undefined {
  for (const name of strings) if (record[name] !== undefined && typeof record[name] !== 'string') return `${where}.${name} must be a string`;
  for (const name of numbers) {
    const value = record[name];
    if (value !== undefined && (typeof value !== 'number' || !Number.isFinite(value))) return `${where}.${name} must be a number`;
  }
  return undefined;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const number = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/** The legacy report-uri body: `{"csp-report": {"document-uri": …, "violated-directive": …, …}}`. */
function parseLegacyReport(body: unknown): { ok: true; violations: CspViolation[] } | { ok: false; problem: string } {
  if (!isObject(body) || !isObject(body['csp-report'])) return { ok: false, problem: 'The body must be {"csp-report": {…}}.' };
  const report = body['csp-report'];
  const problem = typeProblem(
    report,
    ['document-uri', 'referrer', 'violated-directive', 'effective-directive', 'original-policy', 'disposition', 'blocked-uri', 'source-file', 'script-sample'],
    ['line-number', 'column-number', 'status-code'],
    'csp-report',
  );
  if (problem !== undefined) return { ok: false, problem };
  const directive = text(report['effective-directive']) || text(report['violated-directive']);
  if (typeof report['document-uri'] !== 'string' || directive === '') {
    return { ok: false, problem: 'csp-report needs document-uri and violated-directive or effective-directive.' };
  }
  const line = number(report['line-number']);
  const column = number(report['column-number']);
  const sourceFile = text(report['source-file']);
  const sample = text(report['script-sample']);
  return {
    ok: true,
    violations: [
      {
        via: 'report-uri',
        documentUrl: report['document-uri'],
        directive,
        blockedUrl: text(report['blocked-uri']),
        disposition: text(report['disposition']) || 'enforce',
        ...(sourceFile === '' ? {} : { sourceFile }),
        ...(line === undefined ? {} : { line }),
        ...(column === undefined ? {} : { column }),
        ...(sample === '' ? {} : { sample }),
      },
    ],
  };
}

/**
 * The Reporting API body: a list of `{type, age, url, user_agent, body}`; the `csp-violation`
 * ones are violations (other types are valid and skipped).
 */
function parseReportingApiReports(body: unknown): { ok: true; violations: CspViolation[]; skipped: number } | { ok: false; problem: string } {
  if (!Array.isArray(body) || body.length === 0 || body.length > MAX_REPORTS_PER_DELIVERY) {
    return { ok: false, problem: `The body must be a list of 1 to ${MAX_REPORTS_PER_DELIVERY} reports.` };
  }
  const violations: CspViolation[] = [];
  let skipped = 0;
  for (const [index, report] of body.entries()) {
    const where = `[${index}]`;
    if (!isObject(report) || typeof report['type'] !== 'string' || !isObject(report['body'])) {
      return { ok: false, problem: `${where} must be a report: {"type": …, "body": {…}}.` };
    }
    const outer = typeProblem(report, ['url', 'user_agent'], ['age'], where);
    if (outer !== undefined) return { ok: false, problem: outer };
    if (report['type'] !== 'csp-violation') {
      skipped += 1;
      continue;
    }
    const inner = report['body'];
    const problem = typeProblem(
      inner,
      ['documentURL', 'referrer', 'blockedURL', 'effectiveDirective', 'originalPolicy', 'sourceFile', 'sample', 'disposition'],
      ['statusCode', 'lineNumber', 'columnNumber'],
      `${where}.body`,
    );
    if (problem !== undefined) return { ok: false, problem };
    if (typeof inner['documentURL'] !== 'string' || typeof inner['effectiveDirective'] !== 'string' || inner['effectiveDirective'] === '') {
      return { ok: false, problem: `${where}.body needs documentURL and effectiveDirective.` };
    }
    const line = number(inner['lineNumber']);
    const column = number(inner['columnNumber']);
    const sourceFile = text(inner['sourceFile']);
    const sample = text(inner['sample']);
    violations.push({
      via: 'report-to',
      documentUrl: inner['documentURL'],
      directive: inner['effectiveDirective'],
      blockedUrl: text(inner['blockedURL']),
      disposition: text(inner['disposition']) || 'enforce',
      ...(sourceFile === '' ? {} : { sourceFile }),
      ...(line === undefined ? {} : { line }),
      ...(column === undefined ? {} : { column }),
      ...(sample === '' ? {} : { sample }),
    });
  }
  return { ok: true, violations, skipped };
}

/** A field as it may go in a log line: no control characters (no forged lines), at most 200 characters. */
function loggable(value: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '?');
  return clean.length > MAX_LOGGED_FIELD ? `${clean.slice(0, MAX_LOGGED_FIELD)}…` : clean;
}

/** One log line per violation. */
function violationLogLine(violation: CspViolation): string {
  const where = violation.sourceFile === undefined ? '' : ` at ${loggable(violation.sourceFile)}:${violation.line ?? 0}:${violation.column ?? 0}`;
  const sample = violation.sample === undefined ? '' : ` sample "${loggable(violation.sample)}"`;
  return `CSP violation via ${violation.via} (${loggable(violation.disposition)}): ${loggable(violation.directive)} blocked ${loggable(violation.blockedUrl) || '(none)'} on ${loggable(violation.documentUrl)}${where}${sample}`;
}

/** The media type of a request, without parameters, lower case. */
const mediaTypeOf = (request: FastifyRequest): string => (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

/**
 * Registers POST /csp-reports. A report answers 204; a body that is not a report 400, another
 * media type 415, more than 64 KiB 413, all in the error envelope. `log` gets one line per violation.
 */
export function registerCspReportRoutes(app: FastifyInstance, log: (line: string) => void): void {
  app.register(async (reports) => {
    // Both report media types are JSON; Fastify's parser refuses prototype poisoning.
    const jsonParser = reports.getDefaultJsonParser('error', 'error');
    reports.addContentTypeParser([LEGACY_TYPE, REPORTING_API_TYPE], { parseAs: 'string', bodyLimit: CSP_REPORT_BODY_LIMIT }, (request, body, done) => {
      void jsonParser(request, typeof body === 'string' ? body : body.toString('utf8'), done);
    });

    reports.post(CSP_REPORT_PATH, { bodyLimit: CSP_REPORT_BODY_LIMIT }, async (request: FastifyRequest, reply: FastifyReply) => {
      const type = mediaTypeOf(request);
      if (type !== LEGACY_TYPE && type !== REPORTING_API_TYPE) {
        return reply.code(415).send(errorEnvelope('unsupported_media_type', [`CSP reports are ${LEGACY_TYPE} or ${REPORTING_API_TYPE}.`]));
      }
      const parsed = type === LEGACY_TYPE ? parseLegacyReport(request.body) : parseReportingApiReports(request.body);
      if (!parsed.ok) return reply.code(400).send(errorEnvelope('invalid_report', [parsed.problem]));
      for (const violation of parsed.violations) log(violationLogLine(violation));
      return reply.code(204).send();
    });
  });
}
