// The screen reader harness itself (speak.ts), on small pages made for it: what it makes the
// virtual reader hear as a customer does, and that a modal's trap and a silent take-over can be seen failing.
import '../setup-dom';
import { expect } from 'chai';
import { act } from 'react';
import { ScreenReader, transcriptText } from './speak';

/** Puts `html` in the page for one check, and takes it out after. */
function page(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.append(root);
  return root;
}

describe('ui: the screen reader harness (test/ui/screen-reader/speak.ts)', () => {
  let root: HTMLElement | undefined;
  let reader: ScreenReader | undefined;
  afterEach(async () => {
    await reader?.stop();
    root?.remove();
    reader = undefined;
    root = undefined;
  });

  it('a dialog that is not modal lets the reading out past its end: the check that a modal keeps it in can fail', async () => {
    root = page('<dialog open aria-label="Question"><button>Yes</button></dialog><button>Behind</button>');
    reader = new ScreenReader();
    await reader.start();
    const dialog = root.querySelector('dialog');
    if (dialog === null) throw new Error('no dialog');
    await reader.nextTo(/^end of dialog/);
    await reader.next();
    expect(reader.cursorWithin(dialog)).to.equal(false);
    expect(reader.transcript.at(-1)?.phrases).to.deep.equal(['button, Behind']);
  });

  it('a focus moved twice at once is heard where it lands only, as a screen reader drops the first', async () => {
    root = page('<p>Read here</p><button>First</button><button>Second</button>');
    reader = new ScreenReader();
    await reader.start();
    const [first, second] = root.querySelectorAll('button');
    await reader.nextTo('Read here');
    await act(async () => {
      first?.focus();
      second?.focus();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await reader.next();
    expect(transcriptText(reader.transcript.slice(-1))).to.equal('next item | button, Second\n          | end of document');
  });

  it('an alert put into the page whole is said at once, assertive, and an emptied live region says nothing', async () => {
    root = page('<p aria-live="polite" id="status">Saved</p><button>Go</button>');
    reader = new ScreenReader();
    await reader.start();
    await act(async () => {
      const alert = document.createElement('div');
      alert.setAttribute('role', 'alert');
      alert.textContent = 'Something went wrong.';
      root?.append(alert);
      const status = root?.querySelector('#status');
      if (status) status.textContent = '';
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await reader.next();
    expect(reader.transcript.at(-1)?.phrases).to.include('assertive: Something went wrong.');
    expect(reader.transcript.flatMap(({ phrases }) => phrases).filter((phrase) => /^polite: *$/.test(phrase))).to.deep.equal([]);
  });

  it("what the page says while the customer does nothing is kept under what happened (the take-over's check can fail): a status filled and a focus moved", async () => {
    root = page('<p role="status" id="status"></p><h1 tabindex="-1">Title</h1>');
    reader = new ScreenReader();
    await reader.start();
    await reader.meanwhile('the page changes', async () => {
      await act(async () => {
        const status = root?.querySelector('#status');
        if (status) status.textContent = 'Just a moment…';
        root?.querySelector('h1')?.focus();
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
    });
    expect(reader.transcript.at(-1)).to.deep.equal({ command: 'the page changes', phrases: ['polite: Just a moment…', 'heading, Title, level 1'] });
  });
});
