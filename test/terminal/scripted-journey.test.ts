import { expect } from 'chai';
import { decodeJwt } from 'jose';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SandboxHarness } from '../browser/browser-harness';
import { parseJourneyArguments } from '../../ui/terminal/journey-arguments';
import { runJourney } from '../../ui/terminal/run-journey';

/** The CI mode of `npm run journey` (docs/terminal.md) against the real sandbox bank. */
describe('terminal channel: the scripted journey against the sandbox', function () {
  this.timeout(60000);
  const sandbox = new SandboxHarness();
  let dir = '';

  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'journey-'));
    await sandbox.start({ distDir: dir });
  });
  after(async () => {
    await sandbox.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const run = async (answers: unknown, entry: string[]): Promise<{ code: number; lines: string[] }> => {
    const file = path.join(dir, `answers-${Math.random().toString(36).slice(2)}.json`);
    await writeFile(file, JSON.stringify(answers));
    const parsed = parseJourneyArguments([...entry, '--answers', file, '--timeout', '30']);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed));
    const lines: string[] = [];
    const code = await runJourney(parsed.value, { out: (line) => lines.push(line) });
    return { code, lines };
  };

  const arrangementOf = (lines: string[]): string => {
    const idToken = lines.find((line) => line.startsWith('  id_token: '))?.slice('  id_token: '.length) ?? '';
    const claims = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()) as { cdr_arrangement_id: string };
    return claims.cdr_arrangement_id;
  };

  let arrangementId = '';

  /** Issue 35 item 1: what the bank recorded of the flow an entry URL began. */
  const flowEventOf = (entryUrl: string) => {
    const jti = String(decodeJwt(new URL(entryUrl).searchParams.get('redirectJwt') ?? '').jti);
    return sandbox.bank.flowEventOf(jti)?.event;
  };

  it('a new consent: every step is reported, the recipient gets a code, exit 0; the bank is told the flow was approved', async () => {
    const entryUrl = await sandbox.entryUrl({ personaHint: 'jane.citizen' });
    const { code, lines } = await run({ username: 'jane.citizen', secureCode: '123456', accounts: ['Bills', 'Travel'], description: 'CI check' }, [
      '--url',
      entryUrl,
    ]);
    expect(flowEventOf(entryUrl), 'the flow event (issue 35 item 1)').to.deep.include({
      ending: 'approved',
      consentKind: 'new',
      sharing: 'ongoing',
      customerType: 'individual',
    });
    expect(lines.filter((line) => /^(step|modal):/.test(line))).to.deep.equal([
      'step: Consent to share data',
      'step: Select your accounts',
      'step: Review and submit',
      'modal: Data sharing confirmed',
    ]);
    expect(lines).to.include('  ticked: Bills, Travel');
    expect(lines.at(-1)).to.equal('PASSED: the recipient got an authorisation code');
    expect(code).to.equal(0);
    arrangementId = arrangementOf(lines);
    expect(arrangementId).to.match(/^[0-9a-f-]{36}$/);
  });

  it("an amendment of that arrangement (What's changed, Save changes): a code, exit 0", async () => {
    expect(arrangementId).to.not.equal('');
    const { code, lines } = await run({ username: 'jane.citizen', secureCode: '123456', accounts: ['Bills'] }, [
      '--url',
      await sandbox.entryUrl({ arrangementId }),
    ]);
    expect(lines).to.include('modal: Changes saved');
    expect(lines).to.include('  ticked: Bills');
    // Issue 22: the log says what changes, and only that: Travel is no longer shared; the same
    // scopes and the same 12 months end on the same day, so no period line.
    const changed = lines.slice(lines.indexOf("  What's changed:") + 1).filter((line) => line.startsWith('    '));
    expect(changed).to.deep.equal(['    1 account removed']);
    expect(code).to.equal(0);
    expect(arrangementOf(lines)).to.equal(arrangementId);
  });

  it("issue 22: an amendment's CI log prints What's changed: data no longer requested, named, and the period's old and new end", async () => {
    const { code, lines } = await run({ username: 'jane.citizen', secureCode: '123456' }, [
      '--url',
      await sandbox.entryUrl({ arrangementId, scopes: ['bank:accounts.basic:read', 'bank:accounts.detail:read', 'common:customer.basic:read'], months: 6 }),
    ]);
    const changed = lines.slice(lines.indexOf("  What's changed:") + 1).filter((line) => line.startsWith('    '));
    expect(changed).to.have.length(2);
    expect(changed[0]).to.match(/^ {4}Data sharing period updated: it now ends on \d{1,2} \w+ \d{4} instead of \d{1,2} \w+ \d{4}$/);
    expect(changed[1]).to.equal('    Data no longer requested: Transaction details');
    expect(code).to.equal(0);
  });

  it('a cancel: the recipient gets access_denied, which was expected: exit 0', async () => {
    const { code, lines } = await run({ username: 'jane.citizen', secureCode: '123456', decision: 'cancel' }, ['--url', await sandbox.entryUrl()]);
    expect(lines).to.include('modal: Are you sure you want to leave?');
    expect(lines).to.include('  error: access_denied');
    expect(code).to.equal(0);
  });

  it('the date-of-birth step-up is answered from the answers', async () => {
    const { code, lines } = await run({ username: 'dob.required', secureCode: '123456', dateOfBirth: '25/12/1966' }, ['--url', await sandbox.entryUrl()]);
    expect(lines.filter((line) => line === 'step: Consent to share data')).to.have.length(2);
    expect(code).to.equal(0);
  });

  it('a wrong secure code fails with the reason and a non-zero exit; the bank is told the flow stopped before authentication', async () => {
    const entryUrl = await sandbox.entryUrl();
    const { code, lines } = await run({ username: 'jane.citizen', secureCode: '000000' }, ['--url', entryUrl]);
    expect(code).to.equal(1);
    expect(lines.at(-1)).to.match(/^FAILED: /);
    expect(flowEventOf(entryUrl), 'the run stopped without an exit: the flow event (issue 35 item 1)').to.deep.include({
      ending: 'abandoned',
      stage: 'preAuthentication',
    });
  });

  it('a code where an error was expected fails, naming both', async () => {
    const { code, lines } = await run({ username: 'jane.citizen', secureCode: '123456', expect: { error: 'access_denied' } }, [
      '--url',
      await sandbox.entryUrl(),
    ]);
    expect(code).to.equal(1);
    expect(lines.at(-1)).to.equal('FAILED: expected error access_denied, the recipient got an authorisation code; the bank approved');
  });

  it('a bank showing an error modal fails with its title', async () => {
    const { code, lines } = await run({ username: 'accounts.wentwrong', secureCode: '123456' }, ['--url', await sandbox.entryUrl()]);
    expect(code).to.equal(1);
    expect(lines.join('\n')).to.contain('Something went wrong');
  });

  it("a token that is not the bank's shows the failure page and fails", async () => {
    const config = new URL('/config/config.json', sandbox.origin).href;
    const { code, lines } = await run({ username: 'jane.citizen', secureCode: '123456' }, ['--jwt', 'not.a.jwt', '--config', config]);
    expect(code).to.equal(1);
    expect(lines.at(-1)).to.equal('FAILED: the failure page showed (incorrect_jwt)');
  });

  it('--persona asks the recipient simulator for a signed entry URL', async () => {
    const { code } = await run({ username: 'jane.citizen', secureCode: '123456' }, ['--persona', 'jane.citizen', '--sandbox', sandbox.origin]);
    expect(code).to.equal(0);
  });

  it('bad answers and a sandbox that is not there are named, with a non-zero exit', async () => {
    const bad = await run({ username: 'jane.citizen', decision: 'maybe', colour: 'red' }, ['--url', await sandbox.entryUrl()]);
    // docs/terminal.md "Verdicts": an answers file that is wrong is exit 2, not the journey failing.
    expect(bad.code).to.equal(2);
    expect(bad.lines.join('\n'))
      .to.contain('"secureCode" is required')
      .and.contain('"decision" must be "confirm" or "cancel"')
      .and.contain('"colour" is not an answer');
    const absent = await run({ username: 'jane.citizen', secureCode: '123456' }, ['--persona', 'jane.citizen', '--sandbox', 'http://127.0.0.1:9']);
    expect(absent.code).to.equal(1);
    expect(absent.lines.join('\n')).to.contain('did not answer');
  });
});
