import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { exploreFlow, flowDiagram } from '../support/flow-explorer';
import { README, withDiagram } from '../support/write-flow-diagram';

describe('the flow diagram (README "The flow model") is generated from the model', function () {
  this.timeout(30_000);
  const edges = exploreFlow();

  it('the README shows the diagram the model gives today (npm run diagram writes it)', async () => {
    const readme = await readFile(README, 'utf8');
    expect(withDiagram(readme, flowDiagram(edges)), 'run npm run diagram').to.equal(readme);
  });

  it('reaches every step, the warnings and every exit', () => {
    const nodes = new Set(edges.flatMap((edge) => [edge.from, edge.to]));
    for (const node of ['Loading', 'FailurePage', 'Login', 'SelectProfile', 'SelectAccounts', 'Review', 'HelpModal', 'SharingIncomplete',
      'ChangeProfile', 'LoginMessage', 'TimeoutWarning', 'TokenExpiry', 'EndModal', 'Success', 'Rejecting', 'ReturnedWithCode',
      'ReturnedAccessDenied', 'BankPublicSite'] as const) {
      expect(nodes.has(node), node).to.equal(true);
    }
  });

  it('a code is returned only from the success modal, and every step can be left by the customer or by time', () => {
    expect(edges.filter((edge) => edge.to === 'ReturnedWithCode').map((edge) => edge.from)).to.deep.equal(['Success']);
    for (const step of ['Login', 'SelectProfile', 'SelectAccounts', 'Review'] as const) {
      expect(edges.some((edge) => edge.from === step && edge.to === 'SharingIncomplete'), `${step}: Cancel`).to.equal(true);
      expect(edges.some((edge) => edge.from === step && edge.to === 'TimeoutWarning'), `${step}: inactivity`).to.equal(true);
      expect(edges.some((edge) => edge.from === step && edge.to === 'TokenExpiry'), `${step}: token expiry`).to.equal(true);
    }
  });
});
