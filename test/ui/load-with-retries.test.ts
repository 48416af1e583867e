// The later steps' files are fetched again after a failure, within one deadline (DESIGN §3.4).
// On a fake clock: the backoff, the deadline and an offline spell are measured in its time, so a
// busy machine changes nothing, and no test sleeps.
import { expect } from 'chai';
import sinon from 'sinon';
import { loadWithRetries, type RetryPolicy } from '../../ui/web/shell/load-with-retries';

const FAST: RetryPolicy = { attempts: 3, baseDelayMs: 5, timeoutMs: 1_000 };

describe("ui: loadWithRetries (DESIGN §3.4 for the later steps' files)", () => {
  let clock: sinon.SinonFakeTimers;
  beforeEach(() => {
    clock = sinon.useFakeTimers({ now: 1_000_000, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => clock.restore());

  /** A load that fails `failures` times, then answers `value`; counts its calls and when each was made (the fake clock's time). */
  function flaky(failures: number, value = 'module') {
    const at: number[] = [];
    const load = () => {
      at.push(Date.now());
      return at.length <= failures ? Promise.reject(new Error(`failure ${at.length}`)) : Promise.resolve(value);
    };
    return { load, calls: () => at.length, at };
  }

  /** `promise`'s outcome (its value, or its error's message) once the fake clock has run every timer. */
  async function outcomeOf<T>(promise: Promise<T>): Promise<T | string> {
    const outcome = promise.catch((error: Error) => error.message);
    await clock.runAllAsync();
    return outcome;
  }

  it('answers at once when the first try works', async () => {
    const source = flaky(0);
    expect(await loadWithRetries(source.load, FAST)).to.equal('module');
    expect(source.calls()).to.equal(1);
  });

  it('tries again after a failure, at most twice more', async () => {
    const source = flaky(2);
    expect(await outcomeOf(loadWithRetries(source.load, FAST))).to.equal('module');
    expect(source.calls()).to.equal(3);
  });

  it('gives up after the last try with its failure', async () => {
    const source = flaky(5);
    expect(await outcomeOf(loadWithRetries(source.load, FAST))).to.equal('failure 3');
    expect(source.calls()).to.equal(3);
  });

  it('waits longer before each retry (base delay × 2^n)', async () => {
    const source = flaky(2);
    const started = Date.now();
    expect(await outcomeOf(loadWithRetries(source.load, { attempts: 3, baseDelayMs: 40, timeoutMs: 1_000 }))).to.equal('module');
    expect(source.at.map((time) => time - started)).to.deep.equal([0, 40, 40 + 80]);
  });

  it('does not start a retry the deadline leaves no time for', async () => {
    const source = flaky(5);
    expect(await outcomeOf(loadWithRetries(source.load, { attempts: 3, baseDelayMs: 100, timeoutMs: 150 }))).to.equal('failure 2');
    expect(source.calls()).to.equal(2);
  });

  it('rejects at the deadline when the load never finishes (no endless spinner)', async () => {
    const started = Date.now();
    const loading = loadWithRetries(() => new Promise<string>(() => undefined), { attempts: 3, baseDelayMs: 5, timeoutMs: 60 });
    expect(await outcomeOf(loading)).to.equal('Not loaded within 60 ms.');
    expect(Date.now() - started).to.equal(60);
  });

  it('a retry waits for the connection: no further try while offline (docs/design.md §3.4)', async () => {
    const source = flaky(1);
    let connect: () => void = () => undefined;
    const online = new Promise<void>((resolve) => {
      connect = resolve;
    });
    const loading = loadWithRetries(source.load, FAST, () => online);
    await clock.tickAsync(500); // 100 times the retry's delay, half the deadline
    expect(source.calls(), 'the first try, then nothing while offline').to.equal(1);
    connect();
    expect(await outcomeOf(loading)).to.equal('module');
    expect(source.calls()).to.equal(2);
  });

  it('an offline spell longer than the deadline still ends at the deadline', async () => {
    const source = flaky(1);
    const loading = loadWithRetries(source.load, { attempts: 3, baseDelayMs: 5, timeoutMs: 60 }, () => new Promise<void>(() => undefined));
    expect(await outcomeOf(loading)).to.equal('Not loaded within 60 ms.');
    expect(source.calls()).to.equal(1);
  });
});
