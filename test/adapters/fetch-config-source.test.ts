import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { FetchConfigSource } from '../../adapters/fetch-config-source.adapter';
import { parseRuntimeConfig } from '../../application/runtime-config';
import { ScriptedHttpServer } from './scripted-http-server';

const shipped = JSON.parse(readFileSync(new URL('../../config/config.json', import.meta.url), 'utf8')) as Record<string, unknown>;

describe('adapters/FetchConfigSource (CONTRACT §2) over real HTTP', () => {
  const server = new ScriptedHttpServer();
  // A short time limit only where the limit is the subject: 500 ms passed before a local answer
  // once beside busy loops (issue 32: the gate passes the same under load).
  const source = (getTimeoutMs = 10_000): FetchConfigSource =>
    new FetchConfigSource(fetch, { url: `${server.baseUrl}/config/config.json` }, { retryBaseDelayMs: 5, getTimeoutMs });

  before(() => server.start());
  after(() => server.stop());
  beforeEach(() => server.reset());

  it('loads and checks the shipped config.json', async () => {
    server.answer({ status: 200, body: shipped });
    const result = await source().load();
    expect(result.ok).to.equal(true);
    if (result.ok) {
      expect(result.value).to.include({ env: shipped['env'], jwksUri: shipped['jwksUri'], inactiveTimeLimit: shipped['inactiveTimeLimit'] });
      expect(result.value.links).to.deep.equal(shipped['links']);
    }
    expect(server.requests.map((r) => [r.method, r.url])).to.deep.equal([['GET', '/config/config.json']]);
  });

  it('is retried like every GET (503, then the file)', async () => {
    server.answer({ status: 503 }, { status: 200, body: shipped });
    expect((await source().load()).ok).to.equal(true);
    expect(server.requests).to.have.length(2);
  });

  const failures: [string, { status: number; body?: string | object }, readonly string[]][] = [
    ['a missing file', { status: 404, body: 'Not Found' }, ['config.json was not found at URL (HTTP 404)']],
    ['a server error', { status: 500 }, ['config.json could not be loaded from URL (HTTP 500)']],
    ['an empty file', { status: 200, body: '' }, ['config.json is empty']],
    ['a JSON list', { status: 200, body: [] }, ['config.json must be a JSON object']],
  ];
  for (const [name, answer, problems] of failures) {
    it(`names the problem of ${name}`, async () => {
      server.answer(answer);
      expect(await source().load()).to.deep.equal({ ok: false, error: problems.map((p) => p.replace('URL', `${server.baseUrl}/config/config.json`)) });
    });
  }

  it('names every problem parseRuntimeConfig finds', async () => {
    const body = { ...shipped, inactiveTimeLimit: '300', brands: [] };
    const expected = parseRuntimeConfig(body);
    expect(expected.ok).to.equal(false);
    if (!expected.ok) expect(expected.error).to.include('brands must be a non-empty list of brand names or brand objects');
    server.answer({ status: 200, body });
    expect(await source().load()).to.deep.equal(expected);
  });

  it('names a file that is not JSON', async () => {
    server.answer({ status: 200, body: '{ "env": ' });
    const result = await source().load();
    expect(result.ok).to.equal(false);
    if (!result.ok) expect(result.error[0]).to.match(/^config\.json is not valid JSON/);
  });

  it('names a server that does not answer in time', async () => {
    server.always({ hang: true });
    expect(await source(500).load()).to.deep.equal({
      ok: false,
      error: [`config.json could not be loaded from ${server.baseUrl}/config/config.json: no answer in time`],
    });
  });

  it("asks like the shell's preload (CORS mode, same-origin credentials, a cacheable GET), so the preloaded answer is used", async () => {
    const seen: RequestInit[] = [];
    const recording = (input: string, init?: RequestInit): Promise<Response> => {
      seen.push(init ?? {});
      return fetch(input, init);
    };
    server.answer({ status: 200, body: shipped });
    const result = await new FetchConfigSource(recording, { url: `${server.baseUrl}/config/config.json` }).load();
    expect(result.ok).to.equal(true);
    expect(seen.map((init) => [init.method, init.mode, init.credentials, init.cache])).to.deep.equal([['GET', undefined, 'same-origin', 'default']]);
  });
});
