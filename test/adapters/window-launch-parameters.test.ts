import { expect } from 'chai';
import { WindowLaunchParameters } from '../../adapters/window-launch-parameters.adapter';
import { jsdomWindow } from './jsdom-window';

const launch = (url: string): { params: WindowLaunchParameters; window: Window } => {
  const window = jsdomWindow(url);
  return { params: new WindowLaunchParameters(window.location, window.history), window };
};

describe('adapters/WindowLaunchParameters (spec §2, CONTRACT §7, DESIGN §3.3)', () => {
  const reads: [string, string | undefined, string | undefined, string][] = [
    ['https://bank.example/?redirectJwt=aaa.bbb.ccc', 'aaa.bbb.ccc', undefined, ''],
    ['https://bank.example/demo_accc_aisp?redirectJwt=aaa.bbb.ccc&x=1', 'aaa.bbb.ccc', undefined, 'demo_accc_aisp'],
    ['https://bank.example/incorrect_jwt', undefined, undefined, 'incorrect_jwt'],
    ['https://bank.example/consent/consent_fetch_failure/', undefined, undefined, 'consent_fetch_failure'],
    ['https://bank.example/authorize_failure?error=eyJmaXNwIjoiMSJ9', undefined, 'eyJmaXNwIjoiMSJ9', 'authorize_failure'],
    ['https://bank.example/?redirectJwt=&error=', undefined, undefined, ''],
    ['https://bank.example', undefined, undefined, ''],
  ];
  for (const [url, redirectJwt, error, route] of reads) {
    it(`reads ${url}`, () => {
      const { params } = launch(url);
      expect(params.redirectJwt()).to.equal(redirectJwt);
      expect(params.error()).to.equal(error);
      expect(params.route()).to.equal(route);
    });
  }

  const forgets: [string, string][] = [
    ['https://bank.example/demo_accc_aisp?redirectJwt=aaa.bbb.ccc', 'https://bank.example/demo_accc_aisp'],
    ['https://bank.example/demo_accc_aisp?a=1&redirectJwt=aaa.bbb.ccc&b=two%20words#top', 'https://bank.example/demo_accc_aisp?a=1&b=two%20words#top'],
    ['https://bank.example/x/?redirectJwt=aaa&redirectJwt=bbb&keep=%2B', 'https://bank.example/x/?keep=%2B'],
  ];
  for (const [url, after] of forgets) {
    it(`forgets the token of ${url} without a new history entry, and keeps it in memory`, () => {
      const { params, window } = launch(url);
      const token = params.redirectJwt();
      const length = window.history.length;
      params.forgetRedirectJwt();
      expect(window.location.href).to.equal(after);
      expect(window.history.length).to.equal(length);
      expect(params.redirectJwt(), 'read once, when the page opened').to.equal(token);
    });
  }

  it('leaves an address without a token alone', () => {
    let calls = 0;
    const history = { state: null, replaceState: () => void (calls += 1) };
    new WindowLaunchParameters({ pathname: '/incorrect_jwt', search: '?a=1', hash: '' }, history).forgetRedirectJwt();
    expect(calls).to.equal(0);
  });

  it('keeps the history state and survives a history that throws', () => {
    const calls: unknown[][] = [];
    const state = { from: 'app' };
    const history = { state, replaceState: (...args: unknown[]) => void calls.push(args) };
    new WindowLaunchParameters({ pathname: '/p', search: '?redirectJwt=t', hash: '' }, history).forgetRedirectJwt();
    expect(calls).to.deep.equal([[state, '', '/p']]);
    const throwing = {
      state: null,
      replaceState: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    expect(() => new WindowLaunchParameters({ pathname: '/p', search: '?redirectJwt=t', hash: '' }, throwing).forgetRedirectJwt()).not.to.throw();
  });
});
