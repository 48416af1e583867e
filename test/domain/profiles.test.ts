import { expect } from 'chai';
import { isStepShown } from '../../domain/flow';
import { selectedProfile, selectIndividual, selectProfile, singleProfile, toProfileList } from '../../domain/profiles';
import type { Business, Profile } from '../../domain/profiles';

const personal: Business = { companyId: 'PERSONAL', businessName: 'Jane Citizen' };
const trust: Business = { companyId: 'BC1001', businessName: 'Citizen Family Trust' };
const company: Business = { companyId: 'BC2002', businessName: 'Citizen Pty Ltd' };

const profilesOf = (...businesses: Business[]): readonly Profile[] => toProfileList(businesses);

describe('domain/profiles', () => {
  describe('toProfileList (issue 33 item 8: no profile pre-selected among several; spec §4 selected the first)', () => {
    it('maps companyId/businessName to id/profileName and selects none of several', () => {
      expect(profilesOf(personal, trust)).to.deep.equal([
        { id: 'PERSONAL', profileName: 'Jane Citizen', selected: false },
        { id: 'BC1001', profileName: 'Citizen Family Trust', selected: false },
      ]);
      expect(selectedProfile(profilesOf(trust, personal))).to.equal(undefined);
    });
    it('a single profile is the one used (no step to choose it on)', () => {
      expect(selectedProfile(profilesOf(trust))?.id).to.equal('BC1001');
    });
    it('gives an empty list for no businesses', () => {
      expect(profilesOf()).to.deep.equal([]);
    });
  });

  describe('selectProfile (spec §4)', () => {
    // Made in each test, not at load time (see test/domain/account-selection.test.ts).
    const three = () => profilesOf(personal, trust, company);
    it('selects exactly the chosen profile', () => {
      const result = selectProfile(three(), 'BC2002');
      expect(result.ok && result.value.map((p) => p.selected)).to.deep.equal([false, false, true]);
    });
    it('does not mutate its input', () => {
      const profiles = three();
      selectProfile(profiles, 'BC2002');
      expect(profiles.map((p) => p.selected)).to.deep.equal([false, false, false]);
    });
    it('rejects an unknown id', () => {
      expect(selectProfile(three(), 'NOPE')).to.deep.equal({ ok: false, error: { kind: 'unknownProfile', id: 'NOPE' } });
    });
  });

  describe('selectIndividual (spec §4: true only if the chosen id is PERSONAL)', () => {
    const cases: [string, () => readonly Profile[], boolean][] = [
      ['none chosen yet', () => profilesOf(personal, trust), false],
      ['the only profile, PERSONAL', () => profilesOf(personal), true],
      ['trust chosen', () => unwrap(selectProfile(profilesOf(personal, trust), 'BC1001')), false],
      ['PERSONAL chosen again', () => unwrap(selectProfile(profilesOf(trust, personal), 'PERSONAL')), true],
      ['business only', () => profilesOf(company), false],
      ['no profiles', () => profilesOf(), false],
    ];
    for (const [name, profiles, expected] of cases) {
      it(`${name} → ${expected}`, () => expect(selectIndividual(profiles())).to.equal(expected));
    }
  });

  describe('singleProfile, and the select-profile step it decides with isStepShown (spec §3, §4)', () => {
    const cases: [string, readonly Business[], boolean, boolean, boolean][] = [
      // name, businesses, isPAR, singleProfile, step shown
      ['no profiles', [], false, true, false],
      ['one profile', [personal], false, true, false],
      ['two profiles', [personal, trust], false, false, true],
      ['three profiles', [personal, trust, company], false, false, true],
      ['two profiles, PAR', [personal, trust], true, false, false],
      ['one profile, PAR', [personal], true, true, false],
    ];
    for (const [name, businesses, isPAR, single, shown] of cases) {
      it(`${name}: single=${single}, step shown=${shown}`, () => {
        const profiles = profilesOf(...businesses);
        expect(singleProfile(profiles)).to.equal(single);
        expect(isStepShown('selectProfile', { isPar: isPAR, singleProfile: singleProfile(profiles), skipStep: false })).to.equal(shown);
      });
    }
  });
});

function unwrap<T>(result: { readonly ok: true; readonly value: T } | { readonly ok: false }): T {
  if (!result.ok) throw new Error('expected ok');
  return result.value;
}
