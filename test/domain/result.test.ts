import { expect } from 'chai';
import { assertNever, err, ok } from '../../domain/result';

describe('domain/result', () => {
  it('ok and err make the two outcomes of a Result', () => {
    expect(ok(42)).to.deep.equal({ ok: true, value: 42 });
    expect(err('why')).to.deep.equal({ ok: false, error: 'why' });
  });

  it('assertNever throws, naming the value no case handled (a bug, never an expected failure)', () => {
    expect(() => assertNever('surprise' as never)).to.throw(Error, 'Unexpected value: "surprise"');
    expect(() => assertNever({ kind: 'new' } as never)).to.throw(Error, 'Unexpected value: {"kind":"new"}');
  });
});
