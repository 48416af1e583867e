import { expect } from 'chai';
import sinon from 'sinon';
import { TimeoutScheduler } from '../../adapters/timeout-scheduler.adapter';
import { SystemClock } from '../../adapters/system-clock.adapter';

/** HTML's timer steps: `setTimeout` keeps its delay in a signed 32-bit integer (2^31 − 1 ms); a longer one fires at once. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

describe('adapters/TimeoutScheduler and SystemClock (DESIGN §3.5)', () => {
  let timers: sinon.SinonFakeTimers;
  beforeEach(() => {
    timers = sinon.useFakeTimers({ now: 1_000_000, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => timers.restore());

  it('runs the callback once after the delay', () => {
    let runs = 0;
    new TimeoutScheduler().after(1000, () => (runs += 1));
    timers.tick(999);
    expect(runs).to.equal(0);
    timers.tick(1);
    expect(runs).to.equal(1);
    timers.tick(10_000);
    expect(runs).to.equal(1);
  });

  it('runs a zero, negative or NaN delay at the next turn', () => {
    let runs = 0;
    const scheduler = new TimeoutScheduler();
    for (const delay of [0, -5, Number.NaN]) scheduler.after(delay, () => (runs += 1));
    expect(runs).to.equal(0);
    timers.tick(0);
    expect(runs).to.equal(3);
  });

  it('never runs an infinite delay', () => {
    let runs = 0;
    new TimeoutScheduler().after(Number.POSITIVE_INFINITY, () => (runs += 1));
    timers.tick(MAX_TIMEOUT_MS);
    expect(runs).to.equal(0);
  });

  it('cancel stops it, and cancelling twice is harmless', () => {
    let runs = 0;
    const cancel = new TimeoutScheduler().after(100, () => (runs += 1));
    cancel();
    cancel();
    timers.tick(1000);
    expect(runs).to.equal(0);
  });

  it('waits out a delay beyond 2^31-1 ms in chunks, never early', () => {
    let runs = 0;
    const delay = MAX_TIMEOUT_MS + 5000;
    const cancelLater = new TimeoutScheduler().after(delay, () => (runs += 1));
    timers.tick(MAX_TIMEOUT_MS);
    expect(runs).to.equal(0);
    timers.tick(4999);
    expect(runs).to.equal(0);
    timers.tick(1);
    expect(runs).to.equal(1);
    cancelLater();
  });

  it('cancel works between chunks', () => {
    let runs = 0;
    const cancel = new TimeoutScheduler().after(MAX_TIMEOUT_MS * 2, () => (runs += 1));
    timers.tick(MAX_TIMEOUT_MS + 1);
    cancel();
    timers.tick(MAX_TIMEOUT_MS * 2);
    expect(runs).to.equal(0);
  });

  it('SystemClock reads Date.now()', () => {
    expect(new SystemClock().now()).to.equal(1_000_000);
    timers.tick(250);
    expect(new SystemClock().now()).to.equal(1_000_250);
  });
});
