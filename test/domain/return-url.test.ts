import { expect } from 'chai';
import fc from 'fast-check';
import {
  accessDeniedReturnUrl,
  plainReturnUrl,
  RESPONSE_PARAMETERS,
  returnTarget,
  successReturnUrl,
  type ConfirmationAnswer,
  type ReturnUrlError,
} from '../../domain/return-url';

const TOKEN_REDIRECT = 'https://tpp.example/cb';

/** States of up to 1000 characters mixing URL-special characters and any (well-formed) unicode. */
const stateArb = fc.string({
  maxLength: 1000,
  unit: fc.oneof(
    fc.constantFrom('-', '.', '_', '~', '&', '#', '=', '%', '+', '?', '/', ' ', '%20', '%2B'),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
  ),
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
            if (!RESPONSE_PARAMETERS.includes(name)) {
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
        fc.property(
          targetArb,
          stateArb,
          stateArb.filter((s) => s !== ''),
          stateArb,
          (target, state, code, idToken) => {
            const result = successReturnUrl({ auth_code: code, state, id_token: idToken, redirect_uri: target }, TOKEN_REDIRECT);
            if (!result.ok) throw new Error(`refused ${target}`);
            const url = new URL(result.value);
            const params = new URLSearchParams(url.hash.slice(1));
            expect(params.get('code')).to.equal(code);
            expect(params.get('state')).to.equal(state);
            expect(params.get('id_token')).to.equal(idToken === '' ? null : idToken);
            const before = new URL(target);
            if (RESPONSE_PARAMETERS.every((name) => !before.searchParams.has(name))) expect(url.search).to.equal(before.search);
            else for (const name of RESPONSE_PARAMETERS) expect(url.searchParams.has(name)).to.equal(false);
          },
        ),
        { numRuns: 200 },
      );
    });

    it('the response always parses back (property)', () => {
      fc.assert(
        fc.property(
          targetArb,
          stateArb.filter((s) => s !== ''),
          (target, response) => {
            const result = successReturnUrl({ response, redirect_uri: target }, TOKEN_REDIRECT);
            if (!result.ok) throw new Error(`refused ${target}`);
            expect(new URL(result.value).searchParams.getAll('response')).to.deep.equal([response]);
          },
        ),
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
    it("none answered: the token's address", () => {
      expect(returnTarget(undefined, TOKEN_URI)).to.deep.equal({ target: TOKEN_URI });
      expect(returnTarget('', TOKEN_URI)).to.deep.equal({ target: TOKEN_URI });
    });
    it('the same address, the same query: followed', () => {
      expect(returnTarget(TOKEN_URI, TOKEN_URI)).to.deep.equal({ target: TOKEN_URI });
      expect(returnTarget('https://BudgetBuddy.example:443/cb', TOKEN_URI), 'the same URL written otherwise').to.deep.equal({
        target: 'https://BudgetBuddy.example:443/cb',
      });
    });
    it('the same address with a parameter the bank adds: followed', () => {
      expect(returnTarget(`${TOKEN_URI}?from=bank`, TOKEN_URI)).to.deep.equal({ target: `${TOKEN_URI}?from=bank` });
    });
    it("another host: the token's address, and why", () => {
      expect(returnTarget('https://evil.example/cb?code=c1', TOKEN_URI)).to.deep.equal({
        target: TOKEN_URI,
        refused: "the bank's redirect_uri https://evil.example/cb is not the token's https://budgetbuddy.example/cb",
      });
    });
    it("not a URL: the token's address, the reason quoting at most 200 characters of it (a log line stays short)", () => {
      const answered = `not a url ${'x'.repeat(400)}`;
      expect(returnTarget(answered, TOKEN_URI)).to.deep.equal({
        target: TOKEN_URI,
        refused: `the bank's redirect_uri ${answered.slice(0, 200)} is not an http(s) URL`,
      });
    });
  });
  // Issue 21: a bank answer of http://attacker:pw@<host>/callback was followed, carrying the code and id_token.
  describe("the return address must equal the token's in scheme, host, port and path, and carry no userinfo; its query is what the contract allows (DESIGN §3.12, issue 21)", () => {
    const TOKEN_URI = 'https://budgetbuddy.example/cb';
    const TOKEN_WITH_QUERY = 'https://budgetbuddy.example/cb?tenant=a&lang=en';

    describe('userinfo', () => {
      const answers = [
        'https://attacker:pw@budgetbuddy.example/cb',
        'https://attacker@budgetbuddy.example/cb',
        'https://:pw@budgetbuddy.example/cb',
        'https://budgetbuddy.example:x@evil.example/cb',
      ];
      for (const answered of answers) {
        it(`the bank's ${answered}: not followed, the token's address; the log quotes no password`, () => {
          const { target, refused } = returnTarget(answered, TOKEN_URI);
          expect(target).to.equal(TOKEN_URI);
          expect(refused).to.be.a('string');
          expect(refused).not.to.match(/pw|attacker|budgetbuddy\.example:x/);
        });
      }

      it("the issue's answer, followed to the exit: the code goes to the token's address, with no userinfo", () => {
        const token = 'http://127.0.0.1:4400/callback';
        const { target, refused } = returnTarget('http://attacker:pw@127.0.0.1:4400/callback', token);
        expect(refused).to.equal("the bank's redirect_uri http://127.0.0.1:4400/callback carries a username or password");
        const result = successReturnUrl({ auth_code: 'c-1', state: 's', id_token: 'h.p.s', redirect_uri: target }, token);
        expect(result).to.deep.equal(ok('http://127.0.0.1:4400/callback#code=c-1&state=s&id_token=h.p.s'));
      });

      it("no return is built to an address with userinfo (the token's, or the public site): an error that quotes it without them", () => {
        const target = 'https://user:secret@tpp.example/cb';
        const error = { ok: false, error: { kind: 'userinfo', target: 'https://tpp.example/cb' } };
        expect(accessDeniedReturnUrl(target, 's')).to.deep.equal(error);
        expect(successReturnUrl({ auth_code: 'c' }, target)).to.deep.equal(error);
        expect(successReturnUrl({ response: 'r', redirect_uri: target }, TOKEN_REDIRECT)).to.deep.equal(error);
        expect(plainReturnUrl(target)).to.deep.equal(error);
      });

      it("a token's redirectUri with userinfo: the bank's answer is not followed either", () => {
        expect(returnTarget('https://user:secret@tpp.example/cb', 'https://user:secret@tpp.example/cb')).to.deep.equal({
          target: 'https://user:secret@tpp.example/cb',
          refused: "the bank's redirect_uri https://tpp.example/cb carries a username or password",
        });
        expect(returnTarget('https://tpp.example/cb', 'https://user:secret@tpp.example/cb')).to.deep.equal({
          target: 'https://user:secret@tpp.example/cb',
          refused: "the token's redirectUri cannot be followed",
        });
      });
    });

    describe('the query', () => {
      for (const name of RESPONSE_PARAMETERS) {
        it(`the bank's redirect_uri with ${name} in its query: not followed (only the app writes ${name})`, () => {
          expect(returnTarget(`${TOKEN_URI}?${name}=planted`, TOKEN_URI)).to.deep.equal({
            target: TOKEN_URI,
            refused: `the bank's redirect_uri https://budgetbuddy.example/cb carries ${name} in its query (only the app writes them)`,
          });
        });
      }

      it("a planted code cannot reach the recipient on any return (the bank's answer with code, state, id_token, error, response)", () => {
        const answered = `${TOKEN_URI}?code=planted&state=planted&id_token=planted&error=planted&response=planted&keep=1`;
        const { target } = returnTarget(answered, TOKEN_URI);
        const returns = [
          successReturnUrl({ auth_code: 'c-1', state: 's', redirect_uri: target }, TOKEN_URI),
          successReturnUrl({ response: 'jarm', redirect_uri: target }, TOKEN_URI),
          accessDeniedReturnUrl(target, 's'),
          plainReturnUrl(target),
        ];
        for (const result of returns) {
          if (!result.ok) throw new Error('refused');
          expect(result.value).not.to.contain('planted');
        }
      });

      it("the token's own query loses the response parameters on every return; the rest is kept as written", () => {
        const token = 'https://tpp.example/cb?client=a%20b&code=old&iss=x&lang=en';
        expect(successReturnUrl({ auth_code: 'c-1', state: 's' }, token)).to.deep.equal(ok('https://tpp.example/cb?client=a%20b&lang=en#code=c-1&state=s'));
        expect(successReturnUrl({ response: 'r' }, token)).to.deep.equal(ok('https://tpp.example/cb?client=a%20b&lang=en&response=r'));
        expect(plainReturnUrl(token)).to.deep.equal(ok('https://tpp.example/cb?client=a%20b&lang=en'));
        expect(plainReturnUrl('https://tpp.example/cb?state=old')).to.deep.equal(ok('https://tpp.example/cb'));
        expect(accessDeniedReturnUrl(token, 's')).to.deep.equal(
          ok('https://tpp.example/cb?client=a%20b&lang=en&error=access_denied&respCode=401&respMessage=Authentication%20failure&state=s'),
        );
      });

      it("the bank's query must keep every parameter of the token's (same value): a changed or dropped one is not followed", () => {
        expect(returnTarget(`${TOKEN_WITH_QUERY}&from=bank`, TOKEN_WITH_QUERY)).to.deep.equal({ target: `${TOKEN_WITH_QUERY}&from=bank` });
        expect(returnTarget('https://budgetbuddy.example/cb?lang=en&tenant=a', TOKEN_WITH_QUERY), 'another order').to.deep.equal({
          target: 'https://budgetbuddy.example/cb?lang=en&tenant=a',
        });
        for (const answered of [
          'https://budgetbuddy.example/cb?tenant=b&lang=en',
          'https://budgetbuddy.example/cb?lang=en',
          'https://budgetbuddy.example/cb',
        ]) {
          expect(returnTarget(answered, TOKEN_WITH_QUERY), answered).to.deep.equal({
            target: TOKEN_WITH_QUERY,
            refused: "the bank's redirect_uri https://budgetbuddy.example/cb does not keep the query of the token's",
          });
        }
      });

      it("a fragment other than the token's: not followed (an access_denied return keeps the fragment)", () => {
        expect(returnTarget(`${TOKEN_URI}#code=planted`, TOKEN_URI)).to.deep.equal({
          target: TOKEN_URI,
          refused: "the bank's redirect_uri https://budgetbuddy.example/cb has another fragment than the token's",
        });
      });

      it("whatever the bank answers, the return carries exactly the app's parameters (property)", () => {
        const name = fc.oneof(fc.constantFrom(...RESPONSE_PARAMETERS, 'from', 'tenant'), fc.string({ maxLength: 6 }));
        const query = fc.array(fc.tuple(name, fc.string({ maxLength: 6 })), { maxLength: 4 }).map((pairs) => new URLSearchParams(pairs).toString());
        const answerArb = fc.record({
          host: fc.constantFrom('budgetbuddy.example', 'evil.example', 'x:y@budgetbuddy.example'),
          query,
          hash: fc.constantFrom('', '#code=planted'),
        });
        fc.assert(
          fc.property(answerArb, query, ({ host, query: answeredQuery, hash }, tokenQuery) => {
            const token = `https://budgetbuddy.example/cb${tokenQuery === '' ? '' : `?${tokenQuery}`}`;
            const { target } = returnTarget(`https://${host}/cb?${answeredQuery}${hash}`, token);
            const success = successReturnUrl({ auth_code: 'C', state: 'S', id_token: 'I', redirect_uri: target }, token);
            const denied = accessDeniedReturnUrl(target, 'S');
            if (!success.ok || !denied.ok) throw new Error('refused');
            const returned = new URL(success.value);
            expect(returned.origin + returned.pathname).to.equal('https://budgetbuddy.example/cb');
            for (const parameter of RESPONSE_PARAMETERS) expect(returned.searchParams.has(parameter), parameter).to.equal(false);
            expect([...new URLSearchParams(returned.hash.slice(1))]).to.deep.equal([
              ['code', 'C'],
              ['state', 'S'],
              ['id_token', 'I'],
            ]);
            const deniedUrl = new URL(denied.value);
            expect(deniedUrl.hash).to.equal('');
            expect(deniedUrl.searchParams.getAll('state')).to.deep.equal(['S']);
            expect(deniedUrl.searchParams.getAll('error')).to.deep.equal(['access_denied']);
            for (const parameter of ['code', 'id_token', 'response', 'iss', 'error_description', 'error_uri'])
              expect(deniedUrl.searchParams.has(parameter), parameter).to.equal(false);
          }),
          { numRuns: 300 },
        );
      });
    });
  });
});
