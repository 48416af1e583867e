// Issue 34 item 3 (docs/prerendered-login.md "A press before the app is ready is not lost"): the
// one hand-over of the entry page to the app when it renders anew instead of adopting the page.
import './setup-dom';
import { expect } from 'chai';
import { EARLY_ACTION_ATTRIBUTE, ENTRY_ATTRIBUTE } from '../../adapters/browser-address-names';
import { FlowController } from '../../application/flow-controller';
import type { TokenVerifier } from '../../application/ports/token-verifier.port';
import { LoginStore } from '../../application/stores/login.store';
import { SessionStore } from '../../application/stores/session.store';
import { adoptPrerenderedForm, keptFocus, takeOverWithoutAdopting } from '../../ui/web/take-over/take-over';
import { createTestContainer, defaultPorts } from '../support/test-container';

/** A launch whose token is being verified (the verifier never answers): the model awaits the login step. */
function waitingLogin(): { readonly login: LoginStore; readonly flow: FlowController } {
  const never: TokenVerifier = { verify: () => new Promise(() => undefined) };
  const container = createTestContainer(defaultPorts({ verifier: never }));
  const flow = container.get(FlowController);
  void flow.start();
  expect(container.get(SessionStore).awaitingLogin).to.equal(true);
  return { login: container.get(LoginStore), flow };
}

/** The entry page's form, complete (Continue acts only on a complete form, spec §5), and a press its script kept. */
function pageForm(press: string | undefined): HTMLFormElement {
  const form = document.createElement('form');
  form.className = 'login-form';
  const typed: readonly (readonly [string, string])[] = [
    ['username', 'jane.citizen'],
    ['secureCode', '123456'],
  ];
  for (const [name, value] of typed) {
    const input = document.createElement('input');
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.replaceChildren(form);
  if (press === undefined) document.documentElement.removeAttribute(EARLY_ACTION_ATTRIBUTE);
  else document.documentElement.setAttribute(EARLY_ACTION_ATTRIBUTE, press);
  return form;
}

describe('ui: the entry page is handed over to the app once (issue 34 item 3)', () => {
  afterEach(() => {
    document.documentElement.removeAttribute(EARLY_ACTION_ATTRIBUTE);
    document.documentElement.removeAttribute(ENTRY_ATTRIBUTE);
    document.body.replaceChildren();
  });

  it('on adoption too, the press is held by one at a time: the model has it, the page neither holds it nor holds another (its script stops)', () => {
    const { login, flow } = waitingLogin();
    const form = pageForm('notRegistered');
    document.documentElement.setAttribute(ENTRY_ATTRIBUTE, 'login');
    adoptPrerenderedForm(form, login, () => undefined);
    expect(flow.state.journey.login.early).to.equal('notRegistered');
    expect(document.documentElement.hasAttribute(EARLY_ACTION_ATTRIBUTE), "the page's copy is forgotten").to.equal(false);
    expect(document.documentElement.hasAttribute(ENTRY_ATTRIBUTE), 'the entry script holds no later press (data-entry gone)').to.equal(false);
  });

  it("the typed text goes to the model, and a kept press becomes the model's memory of it, read once", () => {
    const { login, flow } = waitingLogin();
    takeOverWithoutAdopting(pageForm('submit'), login, true);
    expect(login.form.username).to.equal('jane.citizen');
    expect(login.form.secureCode).to.equal('123456');
    expect(flow.state.journey.login.early, 'remembered until the login step shows').to.equal('submit');
    expect(login.acknowledged).to.equal(true);
    expect(document.documentElement.hasAttribute(EARLY_ACTION_ATTRIBUTE), "the page's copy is forgotten").to.equal(false);
  });

  it('a press on a form the journey has left is dropped (and forgotten); the text still goes to the model', () => {
    const { login, flow } = waitingLogin();
    takeOverWithoutAdopting(pageForm('cancel'), login, false);
    expect(login.form.username).to.equal('jane.citizen');
    expect(flow.state.journey.login.early).to.equal(undefined);
    expect(document.documentElement.hasAttribute(EARLY_ACTION_ATTRIBUTE)).to.equal(false);
  });

  it('a launch that did not land on the form hands nothing over', () => {
    const { login, flow } = waitingLogin();
    pageForm('submit');
    takeOverWithoutAdopting(undefined, login, true);
    expect(keptFocus(undefined)).to.equal(undefined);
    expect(login.form.username).to.equal('');
    expect(flow.state.journey.login.early).to.equal(undefined);
    expect(document.documentElement.getAttribute(EARLY_ACTION_ATTRIBUTE), "the page's copy is left to the page").to.equal('submit');
  });
});
