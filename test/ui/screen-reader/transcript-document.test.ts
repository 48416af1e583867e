// The transcript document's own parts: finding a journey's transcript, rewriting it, and the line
// difference a changed transcript fails with (docs/screen-reader.md, journeys.test.tsx).
import { expect } from 'chai';
import { journeyTitles, lineDiff, transcriptIn, withTranscript } from './transcript-document';

const FENCE = '```';
const markdown = [
  '# Title',
  '',
  'Intro, with an example:',
  '',
  `${FENCE}sh`,
  'not a transcript',
  FENCE,
  '',
  '## One',
  '',
  'About one.',
  '',
  `${FENCE}text`,
  'start | document',
  'next item | button, Continue',
  FENCE,
  '',
  '## Two',
  '',
  `${FENCE}text`,
  'start | document',
  FENCE,
  '',
].join('\n');

describe('ui: the screen reader transcript document (docs/screen-reader.md)', () => {
  it("finds each journey's transcript under its heading, and the journeys in order", () => {
    expect(journeyTitles(markdown)).to.deep.equal(['One', 'Two']);
    expect(transcriptIn(markdown, 'One')).to.equal('start | document\nnext item | button, Continue');
    expect(transcriptIn(markdown, 'Two')).to.equal('start | document');
    expect(transcriptIn(markdown, 'Three')).to.equal(undefined);
  });

  it('rewrites a transcript in place, keeping the prose, and adds a new journey at the end', () => {
    const rewritten = withTranscript(markdown, 'One', 'unused', 'start | document\nnext item | button, Cancel');
    expect(transcriptIn(rewritten, 'One')).to.equal('start | document\nnext item | button, Cancel');
    expect(rewritten.replace('button, Cancel', 'button, Continue')).to.equal(markdown);
    const added = withTranscript(markdown, 'Three', 'About three.', 'start | document');
    expect(journeyTitles(added)).to.deep.equal(['One', 'Two', 'Three']);
    expect(added.endsWith(`## Three\n\nAbout three.\n\n${FENCE}text\nstart | document\n${FENCE}\n`)).to.equal(true);
  });

  it('prints what changed: "-" as documented, "+" as spoken now, two lines of context, the rest elided', () => {
    const documented = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].join('\n');
    const spoken = ['a', 'b', 'c', 'd', 'E', 'f', 'g', 'h', 'i'].join('\n');
    expect(lineDiff(documented, spoken).split('\n')).to.deep.equal(['  …', '  c', '  d', '- e', '+ E', '  f', '  g', '  h', '+ i']);
    expect(lineDiff('same', 'same')).to.equal('  …');
  });
});
