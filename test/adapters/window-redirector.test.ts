import { expect } from 'chai';
import { WindowRedirector } from '../../adapters/window-redirector.adapter';
import type { ReturnUrl } from '../../domain/return-url';

class RecordingLocation {
  readonly replaced: string[] = [];
  replace(url: string | URL): void {
    this.replaced.push(String(url));
  }
}

class RecordingLog {
  readonly errors: string[] = [];
  error(message: string): void {
    this.errors.push(message);
  }
}

describe('adapters/WindowRedirector (DESIGN §3.2 "One exit")', () => {
  const leaving = [
    'https://tpp.example/cb?error=access_denied&respCode=401&respMessage=Authentication%20failure&state=af0ifjsldkj',
    'https://tpp.example/cb#code=c0de&state=s',
    'http://localhost:8080/callback',
  ];
  for (const url of leaving) {
    it(`replaces the page with ${url}`, () => {
      const location = new RecordingLocation();
      const log = new RecordingLog();
      new WindowRedirector(location, log).leave(url as ReturnUrl);
      expect(location.replaced).to.deep.equal([url]);
      expect(log.errors).to.deep.equal([]);
    });
  }

  it('leaves again for the same address when Back aborts the navigation (DESIGN §3.18: the recipient still gets the answer)', () => {
    const location = new RecordingLocation();
    const listeners: (() => void)[] = [];
    const events = {
      addEventListener: (type: string, listener: () => void) => {
        if (type === 'popstate') listeners.push(listener);
      },
    };
    const url = 'https://tpp.example/cb#code=c0de&state=s';
    new WindowRedirector(location, new RecordingLog(), events as unknown as Pick<Window, 'addEventListener'>).leave(url as ReturnUrl);
    expect(location.replaced).to.deep.equal([url]);
    for (const listener of listeners) listener();
    expect(location.replaced, 'a Back after leaving replaces the page with the same exit').to.deep.equal([url, url]);
    expect(listeners, 'one listener').to.have.length(1);
  });

  it('listens for Back only once it has left (a refused address leaves nothing to repeat)', () => {
    const listeners: unknown[] = [];
    const events = { addEventListener: (_type: string, listener: unknown) => listeners.push(listener) };
    new WindowRedirector(new RecordingLocation(), new RecordingLog(), events).leave('javascript:alert(1)' as ReturnUrl);
    expect(listeners).to.deep.equal([]);
  });

  const refused = [
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '/relative/path',
    'ftp://tpp.example/file',
    '',
    'not a url',
  ];
  for (const url of refused) {
    it(`refuses ${JSON.stringify(url)}: stays and logs`, () => {
      const location = new RecordingLocation();
      const log = new RecordingLog();
      new WindowRedirector(location, log).leave(url as ReturnUrl);
      expect(location.replaced).to.deep.equal([]);
      expect(log.errors).to.have.length(1);
      expect(log.errors[0]).to.match(/^Refused to leave for a URL that is not http\(s\)/);
    });
  }
});
