import './setup-dom';
import { expect } from 'chai';
import sinon from 'sinon';
import { whenSettled } from '../../ui/web/shell/when-settled';

/** docs/architecture.md: the later steps are fetched at the customer's first input or 2 s later. */
const SETTLE_DELAY_MS = 2000;

describe('ui: background work waits until the first screen has settled', () => {
  let clock: sinon.SinonFakeTimers;
  beforeEach(() => {
    clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => clock.restore());

  const target = () => document.createElement('div');

  it('runs once, after the settle delay and an idle moment, when the customer does nothing', () => {
    let runs = 0;
    whenSettled(() => {
      runs += 1;
    }, target());
    clock.tick(SETTLE_DELAY_MS - 1);
    expect(runs, 'not while the first screen may still be settling').to.equal(0);
    clock.tick(1);
    clock.runAll();
    expect(runs).to.equal(1);
  });

  for (const type of ['pointerdown', 'keydown', 'input']) {
    it(`runs at once on the customer's first ${type}, and never again`, () => {
      let runs = 0;
      const element = target();
      whenSettled(() => {
        runs += 1;
      }, element);
      element.dispatchEvent(new window.Event(type));
      expect(runs).to.equal(1);
      element.dispatchEvent(new window.Event(type));
      clock.runAll();
      expect(runs).to.equal(1);
    });
  }

  it('cancelled (the screen went away), it never runs', () => {
    let runs = 0;
    const element = target();
    const cancel = whenSettled(() => {
      runs += 1;
    }, element);
    cancel();
    element.dispatchEvent(new window.Event('keydown'));
    clock.runAll();
    expect(runs).to.equal(0);
  });
});
