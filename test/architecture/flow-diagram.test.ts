// Issue 21: the flow's diagram is drawn from the phase tables, and the documents show it as
// the tables are today.
import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { FLOW_TABLES } from '../../domain/flow-model';
import { phaseDiagram, phaseEdges, PHASES } from '../support/flow-diagram';
import { FLOW_STATES, README, withDiagram, withTables } from '../support/write-flow-diagram';

describe("issue 21, issue 34: the flow diagram is drawn from the model's tables", () => {
  it('the README shows the small picture the tables give today (npm run diagram writes it)', async () => {
    const readme = await readFile(README, 'utf8');
    expect(withDiagram(readme), 'run npm run diagram').to.equal(readme);
  });

  it('docs/flow-states.md shows the picture and one table per state (each step its own) as they are today', async () => {
    const doc = await readFile(FLOW_STATES, 'utf8');
    expect(withTables(doc), 'run npm run diagram').to.equal(doc);
  });

  it('is small: one node per phase, at most a dozen or so moves', () => {
    const lines = phaseDiagram().split('\n');
    expect(lines.length, 'lines of the picture').to.be.at.most(30);
    expect(new Set(phaseEdges().flatMap((edge) => [edge.from, edge.to])).size).to.equal(PHASES.length);
  });

  it('every journey ends at the one exit: each phase but Ended can lead on, and Ended leads nowhere (its exit offered again keeps it ended, DESIGN §3.2)', () => {
    const endedLeadsTo = [...Object.values(FLOW_TABLES.ended.rows).flatMap((row) => row?.to ?? []), ...(FLOW_TABLES.ended.after?.to ?? [])];
    expect(endedLeadsTo).to.satisfy((targets: string[]) => targets.every((to) => to === 'stays'));
    for (const phase of PHASES.filter((kind) => kind !== 'ended')) {
      expect(
        phaseEdges().some((edge) => edge.from === phase),
        phase,
      ).to.equal(true);
    }
    expect(
      phaseEdges()
        .filter((edge) => edge.to === 'confirmed')
        .map((edge) => edge.from)
        .sort(),
      'a code only after the bank answered one',
    ).to.deep.equal(['leaving', 'starting', 'steps']);
  });
});
