// DESIGN §3.16, issue 21: the words about the outcome follow the bank's decision as the journey knows it.
import { expect } from 'chai';
import { copy, modalText, outcomeSentence } from '../../domain/copy';
import type { BankDecision } from '../../domain/bank-decision';
import { knownOutcome, type KnownOutcome } from '../../domain/outcome';

const TPP = 'Budget Buddy';
const WHERE = 'You can check in our mobile banking app under Profile > Manage data sharing.';

/** Every decision the journey can know, with what a sentence may then claim. */
const DECISIONS: readonly [BankDecision, KnownOutcome][] = [
  [{ kind: 'none' }, 'nothingShared'],
  [{ kind: 'rejected' }, 'nothingShared'],
  [{ kind: 'unclear' }, 'unknown'],
  [{ kind: 'committed' }, 'notHandedOn'],
  [{ kind: 'approved' }, 'shared'],
  [{ kind: 'elsewhere' }, 'decidedElsewhere'],
];

/** The sentence for each outcome: a new consent, then an amendment (docs/wording.md). */
const SENTENCES: Readonly<Record<KnownOutcome, readonly [string, string]>> = {
  nothingShared: ['No data has been shared.', 'No changes have been made to your data sharing arrangement.'],
  unknown: [`We could not confirm whether your data sharing was set up. ${WHERE}`, `We could not confirm whether your changes were saved. ${WHERE}`],
  notHandedOn: [
    `Your data sharing was confirmed, but we could not pass the result to ${TPP}. ${WHERE}`,
    `Your changes were saved, but we could not pass the result to ${TPP}. ${WHERE}`,
  ],
  shared: [
    `Your data sharing was confirmed, but we could not pass the result to ${TPP}. ${WHERE}`,
    `Your changes were saved, but we could not pass the result to ${TPP}. ${WHERE}`,
  ],
  decidedElsewhere: [
    `Your answer to ${TPP}'s request was already given in another window or tab.`,
    `Your answer to ${TPP}'s request was already given in another window or tab.`,
  ],
  noJourney: ['', ''],
};

const NOTHING_SHARED = /No data has been shared|No changes have been made|Your arrangement has not changed/;

describe('domain/outcome: knownOutcome (DESIGN §3.16: what a sentence about the outcome may claim)', () => {
  for (const [decision, outcome] of DECISIONS) {
    it(`${JSON.stringify(decision)}, the token verified → ${outcome}`, () => {
      expect(knownOutcome(decision, true)).to.equal(outcome);
    });
  }

  // Issue 23: a page without a verified token (a missing, refused or expired token, an error
  // address) knows no journey: an earlier page of the same request may have confirmed it.
  it('no decision and no verified token → noJourney: nothing may be said about sharing', () => {
    expect(knownOutcome({ kind: 'none' }, false)).to.equal('noJourney');
  });

  it('a decision the bank gave is stated with or without the token (only "none" depends on it)', () => {
    for (const [decision, outcome] of DECISIONS.filter(([candidate]) => candidate.kind !== 'none')) {
      expect(knownOutcome(decision, false), decision.kind).to.equal(outcome);
    }
  });

  it('"nothing shared" only when the bank holds no approval of this journey (none asked, or a rejection recorded)', () => {
    const nothing = DECISIONS.filter(([, outcome]) => outcome === 'nothingShared').map(([decision]) => decision.kind);
    expect(nothing).to.deep.equal(['none', 'rejected']);
  });
});

describe('domain/copy: outcomeSentence for every decision, a new consent and an amendment', () => {
  for (const [decision, outcome] of DECISIONS) {
    for (const isPar of [false, true]) {
      it(`${decision.kind}, ${isPar ? 'an amendment' : 'a new consent'}`, () => {
        const sentence = outcomeSentence({ tppName: TPP, isPar, outcome: knownOutcome(decision, true) });
        expect(sentence).to.equal(SENTENCES[outcome][isPar ? 1 : 0]);
        expect(NOTHING_SHARED.test(sentence), 'says nothing was shared exactly when the bank holds no approval').to.equal(outcome === 'nothingShared');
      });
    }
  }

  it('noJourney: no sentence at all, for a new consent and an amendment (issue 23)', () => {
    expect(outcomeSentence({ tppName: TPP, isPar: false, outcome: 'noJourney' })).to.equal('');
    expect(outcomeSentence({ tppName: TPP, isPar: true, outcome: 'noJourney' })).to.equal('');
  });

  it('without the third party\'s name: "the third party"', () => {
    expect(outcomeSentence({ tppName: '', isPar: false, outcome: 'decidedElsewhere' })).to.equal(
      "Your answer to the third party's request was already given in another window or tab.",
    );
  });

  describe('the modals that end the journey say it in the words of the outcome', () => {
    const said = (name: 'serviceUnavailable' | 'redirectionToTpp' | 'sharingIncomplete', outcome: KnownOutcome, isPar = false): string =>
      copy.modals[name].paragraphs.map((paragraph) => modalText(paragraph, { tppName: TPP, isPar, outcome })).join(' ');

    it('Service unavailable without a journey (issue 23): only the return, no empty sentence', () => {
      expect(said('serviceUnavailable', 'noJourney')).to.equal(`Apologies for any inconvenience. Please try again later. You'll now be returned to ${TPP}.`);
    });

    it("Service unavailable: the outcome's sentence, then the return", () => {
      for (const [, outcome] of DECISIONS) {
        for (const isPar of [false, true]) {
          expect(said('serviceUnavailable', outcome, isPar)).to.contain(`${SENTENCES[outcome][isPar ? 1 : 0]} You'll now be returned to ${TPP}.`);
        }
      }
    });

    it('the token-expiry redirect: "no data shared" (an amendment: "has not changed") only when nothing is held; else the outcome\'s sentence', () => {
      expect(said('redirectionToTpp', 'nothingShared')).to.contain('No data has been shared.');
      expect(said('redirectionToTpp', 'nothingShared', true)).to.contain('Your arrangement has not changed.');
      for (const outcome of ['unknown', 'notHandedOn', 'shared', 'decidedElsewhere'] as const) {
        expect(said('redirectionToTpp', outcome)).to.contain(SENTENCES[outcome][0]);
        expect(NOTHING_SHARED.test(said('redirectionToTpp', outcome)), outcome).to.equal(false);
      }
    });

    it('the leave question: an earlier answer may be recorded once an approval was asked', () => {
      expect(said('sharingIncomplete', 'nothingShared')).to.contain('no data will be shared');
      expect(said('sharingIncomplete', 'nothingShared', true)).to.contain('have not been saved');
      expect(said('sharingIncomplete', 'unknown')).to.contain('Your earlier answer may already have been recorded.');
    });
  });
});
