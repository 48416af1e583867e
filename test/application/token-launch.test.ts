// DESIGN §3.1 "The token is verified before it is trusted" (spec §2, §8): a launch without a
// token, with one the verifier refuses, or with a verified one whose redirectUri cannot be
// followed ends on the failure page, whose one button leaves for the bank's public site. Nothing
// is asked of the bank, nothing of the token is shown, kept or followed. Moved from
// test/browser/attacks.test.ts (issue 32 item 2): which refusal each forged token meets (another
// key under the bank's kid, an unknown kid, alg none, expired, garbage) is proven on real ES256
// tokens by test/adapters/jose-token-verifier.test.ts; one forged launch stays in Chromium.
import { expect } from 'chai';
import type { TokenVerificationError } from '../../application/ports/token-verifier.port';
import { TOKEN, tokenPayload } from '../fixtures/journey.fixture';
import { FakeCustomerAuthApi, FakeLaunchParameters, FakeTokenVerifier } from '../support/fakes';
import { journey } from './journey-driver';

const PUBLIC_SITE = 'https://www.bank.example/';

/** The failure page of a launch nothing may be trusted of, and its Leave Page. */
async function expectRefused(j: ReturnType<typeof journey<FakeCustomerAuthApi>>, what: string): Promise<void> {
  expect(j.session.screen, what).to.deep.equal({ kind: 'failure', route: 'incorrect_jwt' });
  expect(j.session.failureLeavesToThirdParty, `${what}: Leave Page, not Go Back`).to.equal(false);
  expect(j.session.tppName, `${what}: the claimed name is not shown`).to.equal('');
  expect(j.ports.api.calls, `${what}: no bank call`).to.deep.equal([]);
  expect(j.ports.storage.token, `${what}: the token is not kept`).to.equal(undefined);
  expect(j.ports.redirector.urls, `${what}: nothing followed`).to.deep.equal([]);
  await j.session.leaveFailurePage();
  expect(j.ports.redirector.urls, `${what}: Leave Page goes to the public site and nowhere else`).to.deep.equal([PUBLIC_SITE]);
}

describe('application: a launch nothing can be trusted of ends on the failure page (DESIGN §3.1)', () => {
  for (const route of ['', 'demo_accc_aisp']) {
    it(`no token at all (at "/${route}"): the failure page with Leave Page`, async () => {
      const j = journey({ launch: new FakeLaunchParameters(undefined, route) });
      await j.start();
      await expectRefused(j, `/${route}`);
    });
  }

  const refusals: readonly TokenVerificationError[] = [{ kind: 'badSignature' }, { kind: 'unknownKey' }, { kind: 'malformed' }, { kind: 'expired' }];
  for (const refusal of refusals) {
    it(`a token the verifier refuses (${refusal.kind}): the failure page, no bank call, its claims never shown`, async () => {
      const j = journey({ verifier: new FakeTokenVerifier({ [TOKEN]: tokenPayload() }, refusal) });
      await j.start();
      await expectRefused(j, refusal.kind);
    });
  }

  for (const redirectUri of ['javascript:alert(document.domain)//', 'data:text/html,<script>alert(1)</script>', 'ftp://attacker.example/cb']) {
    it(`a validly signed token whose redirectUri is ${redirectUri.split(':')[0] ?? ''}: is refused, and never followed`, async () => {
      const j = journey({ verifier: new FakeTokenVerifier({ [TOKEN]: tokenPayload({ redirectUri }) }) });
      await j.start();
      await expectRefused(j, redirectUri);
    });
  }
});
