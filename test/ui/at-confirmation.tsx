// The review step rendered alone over a fresh journey's container, reached as a customer reaches it
// (login, a profile when the bank offers several, the accounts chosen): for the jsdom tests of what
// the review says.
import { render, screen } from '@testing-library/react';
import { expect } from 'chai';
import { janeAccounts, newConsent, trustAccounts, trustBusinesses } from '../fixtures/journey.fixture';
import { FakeCustomerAuthApi } from '../support/fakes';
import { journey } from '../application/journey-driver';
import { ConfirmationPage } from '../../ui/web/pages/confirmation-page';
import { ServicesProvider } from '../../ui/web/services-context';

export type Journey = ReturnType<typeof journey>;

export async function atConfirmation(
  options: {
    /** The consent detail the bank answers (a new consent by default). */
    consent?: unknown;
    /** The accounts the bank answers (Jane's, or the trust's with `trust`). */
    accounts?: unknown[];
    /** trust.owner's profiles and accounts; the trust's profile is chosen. */
    trust?: boolean;
    /** What the customer does on the account step before Continue. */
    choose?: (j: Journey) => void;
  } = {},
) {
  const api = new FakeCustomerAuthApi({
    consentDetail: options.consent ?? newConsent(),
    accounts: options.accounts ?? (options.trust === true ? trustAccounts() : janeAccounts()),
    ...(options.trust === true ? { businesses: trustBusinesses } : {}),
  });
  const j = journey({ api });
  await j.start();
  await j.logIn();
  if (j.session.step === 'selectProfile') {
    j.profile.select('BC1001');
    await j.profile.continue();
  }
  options.choose?.(j);
  if (j.session.step === 'selectAccounts') await j.selection.continue();
  expect(j.session.step).to.equal('confirmation');
  render(
    <ServicesProvider container={j.container}>
      <ConfirmationPage />
    </ServicesProvider>,
  );
  const section = (name: string): HTMLElement => screen.getByRole('region', { name });
  return { j, api, section };
}
