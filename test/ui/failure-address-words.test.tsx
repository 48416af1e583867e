// DESIGN §3.13 "No text from the address is shown as the bank's words" (CONTRACT §7, spec §2): an
// authorize_failure address anyone can write puts no words, number or markup on the bank's page.
// Moved from test/browser/attacks.test.ts (issue 32 item 2); the address's markup in the real DOM
// of Chromium stays there ("markup in the message never reaches the page").
import './setup-dom';
import { cleanup, screen } from '@testing-library/react';
import { expect } from 'chai';
import { copy } from '../../domain/copy';
import { TOKEN } from '../fixtures/journey.fixture';
import { FakeLaunchParameters } from '../support/fakes';
import { startApp } from './render-app';

const errorParam = (fields: Record<string, string>): string => Buffer.from(JSON.stringify(fields), 'utf8').toString('base64url');
const atFailure = (param: string) => startApp({ launch: new FakeLaunchParameters(TOKEN, 'authorize_failure', param) });
const message = (): string | null | undefined => document.querySelector('.failure-message')?.textContent;

describe('ui: an authorize_failure address cannot put words or markup on the bank page (DESIGN §3.13)', () => {
  afterEach(cleanup);

  it("a plausible fake phone number is never shown: the bank's generic text and the reference instead (issue 12)", async () => {
    await atFailure(
      errorParam({ respCode: '403', respMessage: 'Your account is frozen. Call 1900 654 321 now to unlock it.', respTime: '2026-11-23T10:00:00Z' }),
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).to.equal(copy.failure.title);
    expect(message()).to.equal(copy.failure.defaultMessage);
    expect(document.querySelector('.failure-reference')?.textContent).to.equal('Reference: 403, 2026-11-23T10:00:00Z');
    expect(screen.queryByText(/1900 654 321/)).to.equal(null);
    expect(document.querySelectorAll('a[href^="tel:"]')).to.have.length(0);
  });

  // Issue 21: the words moved into respCode and came back as "Reference: ACCOUNT FROZEN - CALL 1800 000 000 NOW".
  for (const fields of [
    { respCode: 'ACCOUNT FROZEN - CALL 1800 000 000 NOW' },
    { respCode: '403', respTime: 'ACCOUNT FROZEN - CALL 1800 000 000 NOW' },
    { respCode: '1800000000', respTime: '2026-11-23T10:00:00Z' },
  ]) {
    it(`only what is proven to be a reference is shown: words in respCode or respTime never reach the page (issue 21): ${JSON.stringify(fields)}`, async () => {
      await atFailure(errorParam(fields));
      expect(message()).to.equal(copy.failure.defaultMessage);
      expect(screen.queryByText(/1800|FROZEN/)).to.equal(null);
    });
  }

  it("markup in the address, not even encoded (the parameter as the address adapter reads it): the spec's text, and no element from it", async () => {
    const { view } = await atFailure('<img src=x onerror=alert(1)>');
    expect([copy.failure.defaultMessage, copy.failure.undecodable]).to.include(message());
    expect(view.container.querySelector('img[src="x"], img[onerror]')).to.equal(null);
    expect(document.body.innerHTML).not.to.include('onerror');
  });
});
