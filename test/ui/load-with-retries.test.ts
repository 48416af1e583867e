// The later steps' files are fetched again after a failure, within one deadline (DESIGN §3.4).
import { expect } from 'chai';
import { loadWithRetries, type RetryPolicy } from '../../ui/web/shell/load-with-retries';

const FAST: RetryPolicy = { attempts: 3, baseDelayMs: 5, timeoutMs: 1_000 };

/** A load that fails `failures` times, then answers `value`; counts its calls. */
function flaky(failures: number, value = 'module') {
  let calls = 0;
  const load = () => {
    calls += 1;
    return calls <= failures ? Promise.reject(new Error(`failure ${calls}`)) : Promise.resolve(value);
  };
  return { load, calls: () => calls };
}

describe("ui: loadWithRetries (DESIGN §3.4 for the later steps' files)", () => {
  it('answers at once when the first try works', async () => {
    const source = flaky(0);
    expect(await loadWithRetries(source.load, FAST)).to.equal('module');
    expect(source.calls()).to.equal(1);
  });

  it('tries again after a failure, at most twice more', async () => {
    const source = flaky(2);
    expect(await loadWithRetries(source.load, FAST)).to.equal('module');
    expect(source.calls()).to.equal(3);
  });

  it('gives up after the last try with its failure', async () => {
    const source = flaky(5);
    const outcome = await loadWithRetries(source.load, FAST).catch((error: Error) => error.message);
    expect(outcome).to.equal('failure 3');
    expect(source.calls()).to.equal(3);
  });

  it('waits longer before each retry (base delay × 2^n)', async () => {
    const source = flaky(2);
    const started = Date.now();
    await loadWithRetries(source.load, { attempts: 3, baseDelayMs: 40, timeoutMs: 1_000 });
    expect(Date.now() - started).to.be.at.least(40 + 80 - 5);
  });

  it('does not start a retry the deadline leaves no time for', async () => {
    const source = flaky(5);
    const outcome = await loadWithRetries(source.load, { attempts: 3, baseDelayMs: 100, timeoutMs: 150 }).catch((error: Error) => error.message);
    expect(outcome).to.equal('failure 2');
    expect(source.calls()).to.equal(2);
  });

  it('rejects at the deadline when the load never finishes (no endless spinner)', async () => {
    const started = Date.now();
    const outcome = await loadWithRetries(() => new Promise<string>(() => undefined), { attempts: 3, baseDelayMs: 5, timeoutMs: 60 }).catch(
      (error: Error) => error.message,
    );
    expect(outcome).to.equal('Not loaded within 60 ms.');
    expect(Date.now() - started).to.be.below(1_000);
  });

  it('a retry waits for the connection: no further try while offline (docs/design.md §3.4)', async () => {
    const source = flaky(1);
    let connect: () => void = () => undefined;
    const online = new Promise<void>((resolve) => {
      connect = resolve;
    });
    const loading = loadWithRetries(source.load, FAST, () => online);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(source.calls(), 'the first try, then nothing while offline').to.equal(1);
    connect();
    expect(await loading).to.equal('module');
    expect(source.calls()).to.equal(2);
  });

  it('an offline spell longer than the deadline still ends at the deadline', async () => {
    const source = flaky(1);
    const outcome = await loadWithRetries(source.load, { attempts: 3, baseDelayMs: 5, timeoutMs: 60 }, () => new Promise<void>(() => undefined)).catch(
      (error: Error) => error.message,
    );
    expect(outcome).to.equal('Not loaded within 60 ms.');
    expect(source.calls()).to.equal(1);
  });
});
