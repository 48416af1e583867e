import { expect } from 'chai';
import { isHttpUrl, parseHttpUrl } from '../../domain/http-url';

describe('domain: an absolute http(s) address (http-url.ts)', () => {
  it('takes http and https addresses, whole', () => {
    expect(parseHttpUrl('https://bank.example/path?q=1#f')?.href).to.equal('https://bank.example/path?q=1#f');
    expect(isHttpUrl('http://127.0.0.1:4400')).to.equal(true);
  });

  it('refuses a relative path, another scheme, and text that is no URL', () => {
    for (const value of ['/config/config.json', 'javascript:alert(1)', 'ftp://bank.example/x', 'data:text/html,x', 'not a url', '']) {
      expect(parseHttpUrl(value), value).to.equal(undefined);
      expect(isHttpUrl(value), value).to.equal(false);
    }
  });
});
