import { expect } from 'chai';
import fc from 'fast-check';
import {
  accessDeniedReturnUrl,
  plainReturnUrl,
  returnTarget,
  successReturnUrl,
  type ConfirmationAnswer,
  type ReturnUrlError,
} from '../../domain/return-url';

const TOKEN_REDIRECT = 'https://tpp.example/cb';

/** States of up to 1000 characters mixing URL-special characters and any (well-formed) unicode. */
const stateArb = fc.string({
  maxLength: 1000,
  unit: fc.oneof(fc.constantFrom('-', '.', '_', '~', '&', '#', '=', '%', '+', '?', '/', ' ', '%20', '%2B'), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 })),
});
const targetArb = fc.oneof(
  fc.constant(TOKEN_REDIRECT),
  fc.constant('https://tpp.example/cb?client=abc&x=%20y+z'),
  fc.constant('http://localhost:3000/cb#frag'),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
);

const ok = (value: string): { ok: true; value: string } => ({ ok: true, value });
const notHttp = (target: string): { ok: false; error: ReturnUrlError } => ({
  ok: false,
  error: { kind: 'notHttpUrl', target },
});

describe('domain/return-url', () => {
  describe('accessDeniedReturnUrl (CONTRACT §6)', () => {
    const cases: readonly { target: string; state: string | undefined; url: string }[] = [
      {
        target: TOKEN_REDIRECT,
        state: 'af0ifjsldkj',
        url: 'https://tpp.example/cb?error=access_denied&respCode=401&respMessage=Authentication%20failure&state=af0ifjsldkj',
      },
      {
        target: TOKEN_REDIRECT,
        state: undefined,
        url: 'https://tpp.example/cb?error=access_denied&respCode=401&respMessage=Authentication%20failure',
      },
      {
        target: TOKEN_REDIRECT,
        state: '',
        url: 'https://tpp.example/cb?error=access_denied&respCode=401&respMessage=Authentication%20failure&state=',
      },
      {
        target: 'https://tpp.example/cb?client=abc&lang=en',
        state: 's 1&x=2#y',
        url: 'https://tpp.example/cb?client=abc&lang=en&error=access_denied&respCode=401&respMessage=Authentication%20failure&state=s%201%26x%3D2%23y',
      },
      {
        target: 'https://tpp.example/cb?state=old&error=x&keep=1',
        state: 'new',
        url: 'https://tpp.example/cb?keep=1&error=access_denied&respCode=401&respMessage=Authentication%20failure&state=new',
      },
      {
        target: 'https://tpp.example/cb?',
        state: 'a+b',
        url: 'https://tpp.example/cb?error=access_denied&respCode=401&respMessage=Authentication%20failure&state=a%2Bb',
      },
      {
        target: 'https://tpp.example/cb??a=1',
        state: 's',
        url: 'https://tpp.example/cb??a=1&error=access_denied&respCode=401&respMessage=Authentication%20failure&state=s',
      },
      {
        target: 'http://localhost:3000/cb#section',
        state: 'ü',
        url: 'http://localhost:3000/cb?error=access_denied&respCode=401&respMessage=Authentication%20failure&state=%C3%BC#section',
      },
    ];
    for (const { target, state, url } of cases) {
      it(`${target} with state ${JSON.stringify(state)}`, () => {
        expect(accessDeniedReturnUrl(target, state)).to.deep.equal(ok(url));
      });
    }

    const badTargets = [
      'javascript:alert(document.cookie)',
      'JAVASCRIPT:alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'vbscript:msgbox',
      'file:///etc/passwd',
      'ftp://tpp.example/cb',
      '/cb',
      '//tpp.example/cb',
      'cb?x=1',
      '',
      'garbage',
      'https://',
      'http://[::1',
    ];
    for (const target of badTargets) {
      it(`refuses ${JSON.stringify(target)}`, () => {
        expect(accessDeniedReturnUrl(target, 'state')).to.deep.equal(notHttp(target));
      });
    }

    it('does not crash on a lone surrogate in state', () => {
      const result = accessDeniedReturnUrl(TOKEN_REDIRECT, 'a\uD800b');
      expect(result.ok && new URL(result.value).searchParams.get('state')).to.equal('a\uFFFDb');
    });

    it('always parses, keeps the target and echoes state exactly (property)', () => {
      fc.assert(
        fc.property(targetArb, stateArb, (target, state) => {
          const result = accessDeniedReturnUrl(target, state);
          if (!result.ok) throw new Error(`refused ${target}`);
          const url = new URL(result.value);
          const before = new URL(target);
          expect(url.origin).to.equal(before.origin);
          expect(url.pathname).to.equal(before.pathname);
          expect(url.hash).to.equal(before.hash);
          expect(url.searchParams.getAll('state')).to.deep.equal([state]);
          expect(url.searchParams.get('error')).to.equal('access_denied');
          expect(url.searchParams.get('respCode')).to.equal('401');
          expect(url.searchParams.get('respMessage')).to.equal('Authentication failure');
          expect(decodeURIComponent(/[?&]state=([^&#]*)/.exec(result.value)?.[1] ?? 'missing')).to.equal(state);
          for (const [name, value] of before.searchParams) {
            if (!['state', 'error', 'respCode', 'respMessage'].includes(name)) {
              expect(url.searchParams.getAll(name)).to.include(value);
            }
          }
        }),
        { numRuns: 300 },
      );
    });

    it('carries no state parameter when state is undefined (property)', () => {
      fc.assert(
        fc.property(targetArb, (target) => {
          const result = accessDeniedReturnUrl(target, undefined);
          if (!result.ok) throw new Error(`refused ${target}`);
          const before = new URL(target).searchParams.getAll('state');
          expect(new URL(result.value).searchParams.has('state')).to.equal(false, `${before.length} before`);
        }),
        { numRuns: 100 },
      );
    });

    it('never gives a URL for a non-http(s) target (property)', () => {
      fc.assert(
        fc.property(fc.string({ maxLength: 60 }), stateArb, (target, state) => {
          const result = accessDeniedReturnUrl(target, state);
          if (result.ok) expect(new URL(result.value).protocol).to.be.oneOf(['http:', 'https:']);
          else expect(result.error).to.deep.equal({ kind: 'notHttpUrl', target });
        }),
        { numRuns: 300 },
      );
    });
  });

  describe('successReturnUrl (CONTRACT §6, spec §4 "Success")', () => {
    const cases: readonly { name: string; answer: ConfirmationAnswer; url: string }[] = [
      {
        name: 'auth_code: code, state, id_token in the fragment',
        answer: { auth_code: 'c-1', redirect_uri: 'https://tpp.example/done', state: 'st', id_token: 'h.p.s' },
        url: 'https://tpp.example/done#code=c-1&state=st&id_token=h.p.s',
      },
      {
        name: 'auth_code without redirect_uri: the token redirectUri',
        answer: { auth_code: 'c-1', state: 'st', id_token: 'h.p.s' },
        url: 'https://tpp.example/cb#code=c-1&state=st&id_token=h.p.s',
      },
      {
        name: 'auth_code with empty redirect_uri: the token redirectUri',
        answer: { auth_code: 'c-1', redirect_uri: '', state: 'st' },
        url: 'https://tpp.example/cb#code=c-1&state=st',
      },
      {
        name: 'auth_code: the fragment replaces one on the target, the query stays',
        answer: { auth_code: 'c 1', redirect_uri: 'https://tpp.example/done?a=1#old', state: 'x&y=z' },
        url: 'https://tpp.example/done?a=1#code=c%201&state=x%26y%3Dz',
      },
      {
        name: 'auth_code without state or id_token',
        answer: { auth_code: 'c-1', redirect_uri: 'https://tpp.example/done' },
        url: 'https://tpp.example/done#code=c-1',
      },
      {
        name: 'auth_code wins over response',
        answer: { auth_code: 'c-1', response: 'jarm', redirect_uri: 'https://tpp.example/done' },
        url: 'https://tpp.example/done#code=c-1',
      },
      {
        name: 'response: a query parameter',
        answer: { response: 'eyJ.eyJ.sig', redirect_uri: 'https://tpp.example/done' },
        url: 'https://tpp.example/done?response=eyJ.eyJ.sig',
      },
      {
        name: 'response: existing query kept',
        answer: { response: 'eyJ.eyJ.sig', redirect_uri: 'https://tpp.example/done?client=abc' },
        url: 'https://tpp.example/done?client=abc&response=eyJ.eyJ.sig',
      },
      {
        name: 'response without redirect_uri: the token redirectUri',
        answer: { response: 'eyJ.eyJ.sig' },
        url: 'https://tpp.example/cb?response=eyJ.eyJ.sig',
      },
      {
        name: 'empty auth_code counts as absent',
        answer: { auth_code: '', response: 'r' },
        url: 'https://tpp.example/cb?response=r',
      },
    ];
    for (const { name, answer, url } of cases) {
      it(name, () => {
        expect(successReturnUrl(answer, TOKEN_REDIRECT)).to.deep.equal(ok(url));
      });
    }

    const failures: readonly { name: string; answer: ConfirmationAnswer; fallback: string; error: ReturnUrlError }[] = [
      {
        name: 'javascript: redirect_uri',
        answer: { auth_code: 'c', redirect_uri: 'javascript:alert(1)' },
        fallback: TOKEN_REDIRECT,
        error: { kind: 'notHttpUrl', target: 'javascript:alert(1)' },
      },
      {
        name: 'relative redirect_uri',
        answer: { response: 'r', redirect_uri: '/cb' },
        fallback: TOKEN_REDIRECT,
        error: { kind: 'notHttpUrl', target: '/cb' },
      },
      {
        name: 'bad fallback',
        answer: { auth_code: 'c' },
        fallback: 'data:text/html,hi',
        error: { kind: 'notHttpUrl', target: 'data:text/html,hi' },
      },
      {
        name: 'neither auth_code nor response',
        answer: { redirect_uri: 'https://tpp.example/done', state: 's' },
        fallback: TOKEN_REDIRECT,
        error: { kind: 'noAuthorisationResult' },
      },
      { name: 'empty answer', answer: {}, fallback: TOKEN_REDIRECT, error: { kind: 'noAuthorisationResult' } },
    ];
    for (const { name, answer, fallback, error } of failures) {
      it(`${name} → ${error.kind}`, () => {
        expect(successReturnUrl(answer, fallback)).to.deep.equal({ ok: false, error });
      });
    }

    it('the fragment always parses back to code, state and id_token (property)', () => {
      fc.assert(
        fc.property(targetArb, stateArb, stateArb.filter((s) => s !== ''), stateArb, (target, state, code, idToken) => {
          const result = successReturnUrl({ auth_code: code, state, id_token: idToken, redirect_uri: target }, TOKEN_REDIRECT);
          if (!result.ok) throw new Error(`refused ${target}`);
          const url = new URL(result.value);
          const params = new URLSearchParams(url.hash.slice(1));
          expect(params.get('code')).to.equal(code);
          expect(params.get('state')).to.equal(state);
          expect(params.get('id_token')).to.equal(idToken === '' ? null : idToken);
          expect(url.search).to.equal(new URL(target).search);
        }),
        { numRuns: 200 },
      );
    });

    it('the response always parses back (property)', () => {
      fc.assert(
        fc.property(targetArb, stateArb.filter((s) => s !== ''), (target, response) => {
          const result = successReturnUrl({ response, redirect_uri: target }, TOKEN_REDIRECT);
          if (!result.ok) throw new Error(`refused ${target}`);
          expect(new URL(result.value).searchParams.getAll('response')).to.deep.equal([response]);
        }),
        { numRuns: 200 },
      );
    });
  });

  describe('plainReturnUrl', () => {
    const cases: readonly { target: string; result: { ok: true; value: string } | { ok: false; error: ReturnUrlError } }[] = [
      { target: 'https://www.bank.example', result: ok('https://www.bank.example/') },
      { target: 'https://tpp.example/cb?x=1', result: ok('https://tpp.example/cb?x=1') },
      { target: 'javascript:alert(1)', result: notHttp('javascript:alert(1)') },
      { target: '', result: notHttp('') },
    ];
    for (const { target, result } of cases) {
      it(`${JSON.stringify(target)} → ${result.ok ? result.value : result.error.kind}`, () => {
        expect(plainReturnUrl(target)).to.deep.equal(result);
      });
    }
  });

  describe("returnTarget (the bank's redirect_uri is followed only to the token's address)", () => {
    const TOKEN_URI = 'https://budgetbuddy.example/cb';
    it('none answered: the token\'s address', () => {
      expect(returnTarget(undefined, TOKEN_URI)).to.deep.equal({ target: TOKEN_URI });
      expect(returnTarget('', TOKEN_URI)).to.deep.equal({ target: TOKEN_URI });
    });
    it('the same address with another query: followed', () => {
      expect(returnTarget(`${TOKEN_URI}?code=c1&state=s`, TOKEN_URI)).to.deep.equal({ target: `${TOKEN_URI}?code=c1&state=s` });
    });
    it('another host: the token\'s address, and why', () => {
      expect(returnTarget('https://evil.example/cb?code=c1', TOKEN_URI)).to.deep.equal({
        target: TOKEN_URI,
        refused: "the bank's redirect_uri https://evil.example/cb is not the token's https://budgetbuddy.example/cb",
      });
    });
    it('not a URL: the token\'s address, the reason quoting at most 200 characters of it (a log line stays short)', () => {
      const answered = `not a url ${'x'.repeat(400)}`;
      expect(returnTarget(answered, TOKEN_URI)).to.deep.equal({
        target: TOKEN_URI,
        refused: `the bank's redirect_uri ${answered.slice(0, 200)} is not an http(s) URL`,
      });
    });
  });
});
