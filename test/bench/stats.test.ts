import { expect } from 'chai';
import { median, show, summarise } from '../../bench/stats';

describe('bench: median and interquartile range (issue 15 item 1)', () => {
  it('interpolates quartiles between the sorted values, whatever the order given', () => {
    const values = [9, 1, 5, 3, 7];
    expect(median(values)).to.equal(5);
    expect(summarise(values)).to.include({ q1: 3, q3: 7 });
    expect(summarise([10, 20])).to.include({ q1: 12.5, q3: 17.5 });
    expect(summarise([4, 1, 3, 2])).to.deep.equal({ median: 2.5, q1: 1.8, q3: 3.3, iqr: 1.5, n: 4 });
  });

  it('lets one outlier move neither the median nor the IQR much', () => {
    const steady = summarise([100, 101, 102, 103, 104, 105, 106, 107, 108]);
    const noisy = summarise([100, 101, 102, 103, 104, 105, 106, 107, 900]);
    expect(noisy.median).to.equal(steady.median);
    expect(noisy.iqr).to.equal(steady.iqr);
  });

  it('refuses to summarise nothing, and prints a summary as median and IQR', () => {
    expect(() => summarise([])).to.throw('no values to summarise');
    expect(show(summarise([540, 520, 560, 530, 550]))).to.equal('540 (IQR 20)');
    expect(show(undefined)).to.equal('—');
  });
});
