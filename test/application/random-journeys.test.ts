// Issue 11: thousands of random journeys through the real application container, against a
// stateful bank with the sandbox's rules, with faults and time passing; after every command the
// invariants of test/support/journey-invariants.ts must hold.
//
// JOURNEYS=n sets how many (default 1000: the gate; `npm run soak` runs thousands more). The seed
// is fixed (issue 32: the gate is deterministic): 1119581262, the seed whose journeys found an
// approval turned into access_denied (`approvalCommitted`, commit 5dde8fd), at its 170th journey
// (run again on 5dde8fd's parent); JOURNEY_SEED=<n> draws others, as the soak does.
// JOURNEY_TRACE=1 prints each command of a replay with
// the bank calls, the modals and the exit it led to. A failure prints its seed, path and shrunk sequence
// with its replayPath; to replay it (same code, same JOURNEYS): JOURNEYS=<n> JOURNEY_SEED=<seed>
// JOURNEY_PATH=<path> JOURNEY_REPLAY=<replayPath> npx mocha --no-config -n import=tsx/esm \
//   --extension ts test/application/random-journeys.test.ts
// (add --grep "phone's Back" or --grep "^application.*[0-9]+ journeys: right" to replay a failure of one of the two properties).
// Issue 33 item 4: BACK_JOURNEYS=n sets how many journeys have the phone's Back among their actions
// (default 300), drawn by a command set of their own so that the seed above keeps its journeys.
import fc from 'fast-check';
import { initialModel, journeyCommands, journeyCommandsWithBrowserBack, observe, scenarios } from '../support/journey-commands';
import { oneFlowEvent } from '../support/journey-invariants';
import { createWorld } from '../support/journey-world';

const JOURNEYS = Number(process.env['JOURNEYS'] ?? 1000);
/** Issue 33 item 4: journeys with the phone's Back (BACK_JOURNEYS=n), drawn apart so that the gate's seed keeps its journeys. */
const BACK_JOURNEYS = Number(process.env['BACK_JOURNEYS'] ?? 300);
const seed = Number(process.env['JOURNEY_SEED'] ?? 1119581262);
const path = process.env['JOURNEY_PATH'];
const replayPath = process.env['JOURNEY_REPLAY'];

describe("application: random journeys against the flow model's invariants (issue 11)", function () {
  // About 10 ms a journey here; a generous budget that grows with JOURNEYS (a longer exploration).
  this.timeout(Math.max(300_000, JOURNEYS * 100));

  const property = (commands: typeof journeyCommands, runs: number) =>
    fc.assert(
      fc.asyncProperty(scenarios, commands(replayPath), async (scenario, drawn) => {
        const world = createWorld(scenario);
        try {
          await world.j.start();
          await fc.asyncModelRun(() => {
            const model = initialModel();
            observe(model, world);
            return { model, real: world };
          }, drawn);
          // Issue 35 item 1: the customer closes the tab wherever the journey stands: one flow event, the right one.
          world.j.ports.activity.hidePage();
          oneFlowEvent(world, true);
        } finally {
          world.stop();
        }
      }),
      {
        numRuns: runs,
        seed,
        ...(path === undefined ? {} : { path }),
        verbose: 1,
      },
    );

  it(`${JOURNEYS} journeys: right accounts and wording, warnings first, one exit with its state, one stage, no repeated POST`, () =>
    property(journeyCommands, JOURNEYS));

  // DESIGN §3.18 as issue 33 item 4 revised it: where the page offers Back, the phone's Back goes
  // back a step as the page's does; where it offers none, it asks with staying as the main button.
  it(`${BACK_JOURNEYS} journeys with the phone's Back: the page's Back where the page has one, else the leave question; never an exit by itself`, () =>
    property(journeyCommandsWithBrowserBack, BACK_JOURNEYS));
});
