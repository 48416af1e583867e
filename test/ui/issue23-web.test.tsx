// Issue 23 (web channel), the items a DOM can prove: A the secure code field.
import './setup-dom';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'chai';
import { copy } from '../../domain/copy';
import { janeAccounts, newConsent } from '../fixtures/journey.fixture';
import { FakeCustomerAuthApi } from '../support/fakes';
import { settle, startApp } from './render-app';

const bank = () => new FakeCustomerAuthApi({ consentDetail: newConsent(), accounts: janeAccounts() });
const form = () => screen.getByRole('form', { name: 'Account Login' });
const codeField = () => within(form()).getByRole<HTMLInputElement>('textbox', { name: copy.login.secureCodeLabel });

describe('ui: issue 23 (web)', () => {
  afterEach(cleanup);

  describe('A: the secure code field', () => {
    it('asks for the numeric keyboard and one-time-code autofill, with no length that would cut "123 456"', async () => {
      await startApp({ api: bank() });
      const code = codeField();
      expect(code.getAttribute('inputmode')).to.equal('numeric');
      expect(code.getAttribute('autocomplete')).to.equal('one-time-code');
      expect(code.hasAttribute('maxlength')).to.equal(false);
    });

    it('"123 456" typed or pasted keeps the six digits; "123-456" too', async () => {
      await startApp({ api: bank() });
      for (const text of ['123 456', '123-456', ' 123456 ']) {
        await settle(() => fireEvent.change(codeField(), { target: { value: '' } }));
        await settle(() => fireEvent.change(codeField(), { target: { value: text } }));
        expect(codeField().value, text).to.equal('123456');
      }
      // Typed key by key, the space never stays in the field.
      await settle(() => fireEvent.change(codeField(), { target: { value: '' } }));
      let typed = '';
      for (const key of '123 456') {
        typed = `${codeField().value}${key}`;
        await settle(() => fireEvent.change(codeField(), { target: { value: typed } }));
      }
      expect(codeField().value).to.equal('123456');
      expect(screen.queryByText(copy.validation.secureCodeDigitsOnly)).to.equal(null);
    });

    it('refuses letters: "12a 3-" typed keeps "123", pasted keeps what was there, and the field says why', async () => {
      await startApp({ api: bank() });
      for (const key of '12a 3-') {
        const next = `${codeField().value}${key}`;
        await settle(() => fireEvent.change(codeField(), { target: { value: next } }));
        if (key === 'a') expect(screen.getByText(copy.validation.secureCodeDigitsOnly)).to.be.instanceOf(Element);
      }
      expect(codeField().value).to.equal('123');
      expect(screen.queryByText(copy.validation.secureCodeDigitsOnly), 'the message goes once a digit is taken').to.equal(null);
      await settle(() => fireEvent.change(codeField(), { target: { value: '12a 3-' } }));
      expect(codeField().value).to.equal('123');
      const message = screen.getByText(copy.validation.secureCodeDigitsOnly);
      expect(codeField().getAttribute('aria-describedby') ?? '').to.contain(message.parentElement?.id ?? '-');
      expect(codeField().getAttribute('aria-invalid')).to.equal('true');
    });
  });
});
