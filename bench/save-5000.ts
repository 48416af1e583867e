// Issue 12's huge.accounts, as a figure (house rule: speeds are benchmarks that print figures,
// not timed tests): how long the sandbox bank takes to answer PUT /customer-auth/consent that
// names all 5,000 of huge.accounts' accounts under each of the five bank scopes, and then the
// confirmation. Each run is a new authorisation in one running sandbox. Prints each run, the
// median and interquartile range, with the load average.
// `npx tsx bench/save-5000.ts [--runs N]` (default 7). test/sandbox/confirmation-idempotency.test.ts
// checks that the same save is accepted and confirmed.
import os from 'node:os';
import { DATA_SCOPES, isBankScope } from '../sandbox/scopes';
import { accountRef, RunningSandbox, type RawAccountLike } from '../test/sandbox/sandbox-test-kit';
import { show, summarise } from './stats';

const runsArgument = process.argv.indexOf('--runs');
const RUNS = runsArgument === -1 ? 7 : Number(process.argv[runsArgument + 1]);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`--runs must be a whole number, 1 or more, not ${process.argv[runsArgument + 1]}`);

const BANK_SCOPES = DATA_SCOPES.filter(isBankScope);
const CUSTOMER = 'common:customer.basic:read';

async function oneRun(sandbox: RunningSandbox): Promise<{ saveMs: number; confirmMs: number }> {
  const token = await sandbox.token({ scopes: [...BANK_SCOPES, CUSTOMER], months: 12 });
  const login = await sandbox.login(token, 'huge.accounts');
  if (login.status !== 204) throw new Error(`login as huge.accounts: ${login.status} ${login.text}`);
  const list = ((await sandbox.call('GET', '/accounts?withBalance=false', token)).body as { accounts: { account: RawAccountLike[] } }).accounts.account;
  const accounts = list.map(accountRef);
  const saveStarted = performance.now();
  const saved = await sandbox.call('PUT', '/consent', token, {
    permissions: [...BANK_SCOPES.map((permission) => ({ permission, accounts })), { permission: CUSTOMER }],
  });
  const saveMs = performance.now() - saveStarted;
  if (saved.status !== 204) throw new Error(`saving ${accounts.length} accounts: ${saved.status} ${saved.text}`);
  const confirmStarted = performance.now();
  const confirmed = await sandbox.decide(token, true);
  const confirmMs = performance.now() - confirmStarted;
  if (confirmed.status !== 200) throw new Error(`confirming: ${confirmed.status} ${confirmed.text}`);
  return { saveMs, confirmMs };
}

const sandbox = new RunningSandbox();
await sandbox.start();
try {
  const runs: { saveMs: number; confirmMs: number }[] = [];
  for (let run = 1; run <= RUNS; run += 1) {
    const figures = await oneRun(sandbox);
    runs.push(figures);
    console.log(`run ${run}: save ${figures.saveMs.toFixed(1)} ms, confirm ${figures.confirmMs.toFixed(1)} ms`);
  }
  console.log(`save 5,000 accounts × 5 scopes: ${show(summarise(runs.map((run) => run.saveMs)))} ms`);
  console.log(`confirm: ${show(summarise(runs.map((run) => run.confirmMs)))} ms`);
  console.log(
    `load average: ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`,
  );
} finally {
  await sandbox.dispose();
}
