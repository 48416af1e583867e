// Issue 11: thousands of random journeys through the real application container, against a
// stateful bank with the sandbox's rules, with faults and time passing; after every command the
// invariants of test/support/journey-invariants.ts must hold.
//
// JOURNEYS=n sets how many (default 2000). A failure prints its seed and shrunk sequence; to
// replay it: JOURNEY_SEED=<seed> JOURNEY_PATH=<path> npx mocha --no-config -n import=tsx/esm \
//   --extension ts test/application/random-journeys.test.ts
import fc from 'fast-check';
import { journeyCommands, scenarios, type JourneyModel } from '../support/journey-commands';
import { createWorld } from '../support/journey-world';

const JOURNEYS = Number(process.env['JOURNEYS'] ?? 2000);
const seed = process.env['JOURNEY_SEED'] === undefined ? undefined : Number(process.env['JOURNEY_SEED']);
const path = process.env['JOURNEY_PATH'];

describe('application: random journeys against the flow model\'s invariants (issue 11)', function () {
  this.timeout(300_000);

  it(`${JOURNEYS} journeys: right accounts and wording, warnings first, one exit with its state, one stage, no repeated POST`, async () => {
    await fc.assert(
      fc.asyncProperty(scenarios, fc.commands(journeyCommands, { maxCommands: 40 }), async (scenario, commands) => {
        const world = createWorld(scenario);
        try {
          await world.j.start();
          await fc.asyncModelRun(() => ({ model: { commands: 0 } satisfies JourneyModel, real: world }), commands);
        } finally {
          world.stop();
        }
      }),
      {
        numRuns: JOURNEYS,
        ...(seed === undefined ? {} : { seed }),
        ...(path === undefined ? {} : { path }),
        verbose: 1,
      },
    );
  });
});
