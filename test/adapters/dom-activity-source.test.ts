import { expect } from 'chai';
import { DomActivitySource } from '../../adapters/dom-activity-source.adapter';
import type { Clock } from '../../application/ports/clock.port';
import { jsdomWindow } from './jsdom-window';

/** Spec §4 inactivity timer: the customer's mouse, keys, scrolling and touch are activity. */
const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart', 'wheel'];

class ManualClock implements Clock {
  ms = 1_000_000;
  now(): number {
    return this.ms;
  }
}

describe('adapters/DomActivitySource (spec §4 inactivity, DESIGN §3.5)', () => {
  let window: Window & typeof globalThis;
  let clock: ManualClock;
  let visibility: DocumentVisibilityState;
  beforeEach(() => {
    window = jsdomWindow('https://bank.example/', '<!doctype html><body><button id="b">Go</button></body>');
    clock = new ManualClock();
    visibility = 'visible';
    Object.defineProperty(window.document, 'visibilityState', { configurable: true, get: () => visibility });
  });
  const fire = (type: string, target: EventTarget = window.document): void => {
    target.dispatchEvent(new window.Event(type, { bubbles: true }));
  };

  for (const type of ACTIVITY_EVENTS) {
    it(`counts ${type} as activity`, () => {
      let count = 0;
      new DomActivitySource(clock, window.document).onActivity(() => (count += 1));
      fire(type);
      expect(count).to.equal(1);
    });
  }

  it('hears events on elements, even when a handler stops propagation (capture phase)', () => {
    let count = 0;
    const button = window.document.getElementById('b');
    button?.addEventListener('keydown', (event) => event.stopPropagation());
    new DomActivitySource(clock, window.document).onActivity(() => (count += 1));
    if (button) fire('keydown', button);
    expect(count).to.equal(1);
  });

  it('notifies at most once a second', () => {
    let count = 0;
    new DomActivitySource(clock, window.document).onActivity(() => (count += 1));
    fire('mousemove');
    clock.ms += 400;
    fire('mousemove');
    clock.ms += 599;
    fire('scroll');
    expect(count).to.equal(1);
    clock.ms += 1;
    fire('keydown');
    expect(count).to.equal(2);
  });

  it('stops listening when cancelled', () => {
    let count = 0;
    const cancel = new DomActivitySource(clock, window.document).onActivity(() => (count += 1));
    cancel();
    cancel();
    fire('mousedown');
    expect(count).to.equal(0);
  });

  it('onVisible fires on visibilitychange only when the page is visible', () => {
    let count = 0;
    const cancel = new DomActivitySource(clock, window.document).onVisible(() => (count += 1));
    visibility = 'hidden';
    fire('visibilitychange');
    expect(count).to.equal(0);
    visibility = 'visible';
    fire('visibilitychange');
    expect(count).to.equal(1);
    cancel();
    fire('visibilitychange');
    expect(count).to.equal(1);
  });
});
