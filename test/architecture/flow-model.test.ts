import { expect } from 'chai';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readSources } from './layer-rules';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The view state a store may keep of its own: what is typed before it counts, where focus goes
 * after a press, and how a long list is shown. Issue 23: whether the last text typed into the
 * secure code field was refused (the model keeps the code it had), and the presses the model
 * refused as sharing nothing (so the page says why and moves focus). Issue 25: the login fields
 * typed in or left since Continue (a message the focus brought is read there, not announced).
 * Issue 33 item 3: whether Continue was pressed while the date of birth was asked for (a half-filled
 * date is named from then on, not while it is being typed or left).
 */
const VIEW_STATE_FIELDS = [
  'touched',
  'fieldFocus',
  'filterText',
  'shownLimit',
  'secureCodeRefused',
  'continueRefused',
  'confirmRefused',
  'typedSinceContinue',
  'dobContinued',
];

describe('architecture: no transition is decided outside the flow model (DESIGN §3.9)', () => {
  const sources = readSources(root).filter((source) => source.path.startsWith('application/') || source.path.startsWith('ui/'));

  it("only the flow controller runs the model's transition, and only it replaces the flow's state", () => {
    const runners = sources.filter((source) => /\btransition\s*\(/.test(source.text)).map((source) => source.path);
    expect(runners).to.deep.equal(['application/flow-controller.ts']);
    const writers = sources.filter((source) => /\.(state|model)\s*=[^=]/.test(source.text)).map((source) => source.path);
    expect(writers).to.deep.equal(['application/flow-controller.ts']);
  });

  it("the stores keep no state of the flow: they project the model's and dispatch events", () => {
    for (const store of sources.filter((source) => source.path.startsWith('application/stores/'))) {
      const fields = [...store.text.matchAll(/this\.(\w+)\s*=[^=]/g)].map((match) => match[1]);
      expect(
        fields.filter((field) => !VIEW_STATE_FIELDS.includes(field ?? '')),
        store.path,
      ).to.deep.equal([]);
    }
  });

  it('the views send no events themselves: they call store methods', () => {
    const dispatching = sources.filter((source) => source.path.startsWith('ui/') && /\bdispatch\s*\(/.test(source.text)).map((source) => source.path);
    expect(dispatching).to.deep.equal([]);
  });
});
