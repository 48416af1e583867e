import './setup-dom';
import { expect } from 'chai';
import { loadLaterStepsStylesheet } from '../../ui/web/shell/later-steps-stylesheet';
import { LATER_STEPS_STYLESHEET_META } from '../../ui/web/take-over/built-page';

/** A fresh document whose shell names the later steps' stylesheet (or not). */
function shell(href?: string): Document {
  const doc = document.implementation.createHTMLDocument('shell');
  if (href !== undefined) {
    const meta = doc.createElement('meta');
    meta.name = LATER_STEPS_STYLESHEET_META;
    meta.content = href;
    doc.head.append(meta);
  }
  return doc;
}

const links = (doc: Document) => [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];

describe("ui: the later steps' stylesheet, loaded with their pages", () => {
  it("adds one stylesheet link for the meta tag's file, once, and is ready when it has loaded", async () => {
    const doc = shell('/assets/steps-1.css');
    let ready = false;
    const first = loadLaterStepsStylesheet(doc).then(() => {
      ready = true;
    });
    const again = loadLaterStepsStylesheet(doc);
    expect(links(doc).map((link) => link.getAttribute('href'))).to.deep.equal(['/assets/steps-1.css']);
    await Promise.resolve();
    expect(ready, 'not before the file has loaded').to.equal(false);
    links(doc)[0]?.dispatchEvent(new window.Event('load'));
    await Promise.all([first, again]);
    expect(ready).to.equal(true);
    await loadLaterStepsStylesheet(doc);
    expect(links(doc)).to.have.length(1);
  });

  it('a file that fails to load rejects, leaves no link, and is tried again on the next call', async () => {
    const doc = shell('/assets/steps-1.css');
    const failed = loadLaterStepsStylesheet(doc);
    links(doc)[0]?.dispatchEvent(new window.Event('error'));
    const error = await failed.then(
      () => undefined,
      (problem: unknown) => problem,
    );
    expect(String(error)).to.include('/assets/steps-1.css did not load');
    expect(links(doc)).to.have.length(0);
    const retry = loadLaterStepsStylesheet(doc);
    expect(links(doc)).to.have.length(1);
    links(doc)[0]?.dispatchEvent(new window.Event('load'));
    await retry;
  });

  it('with no meta tag (a build without the entry, or a test page) there is nothing to load', async () => {
    const doc = shell();
    await loadLaterStepsStylesheet(doc);
    expect(links(doc)).to.have.length(0);
  });
});
