import { err, ok } from './result';
import type { Result } from './result';

/** Spec §3 "Customer info": the companyId of the individual (personal) profile. */
export const PERSONAL_PROFILE_ID = 'PERSONAL';

/** Spec §3 "Customer info": one entry of the business list (`companyId` PERSONAL = the individual). */
export interface Business {
  readonly companyId: string;
  readonly businessName: string;
}

/** Spec §3 "Customer info": one entry of the profile list, as the select-profile step shows it. */
export interface Profile {
  readonly id: string;
  readonly profileName: string;
  readonly selected: boolean;
}

/** Why a profile could not be selected. */
export type ProfileError = { readonly kind: 'unknownProfile'; readonly id: string };

/**
 * Spec §3 "Customer info": one profile per business. Spec §4 "the first profile is selected by
 * default" is departed from (issue 33 item 8): with several profiles none is chosen until the
 * customer chooses one (no pre-selected radio); a single profile is the one used.
 */
export function toProfileList(businesses: readonly Business[]): readonly Profile[] {
  return businesses.map((business) => ({
    id: business.companyId,
    profileName: business.businessName,
    selected: businesses.length === 1,
  }));
}

/** Spec §4 "Profile": choose one profile; only one profile can be used at a time. */
export function selectProfile(profiles: readonly Profile[], id: string): Result<readonly Profile[], ProfileError> {
  if (!profiles.some((profile) => profile.id === id)) return err({ kind: 'unknownProfile', id });
  return ok(profiles.map((profile) => ({ ...profile, selected: profile.id === id })));
}

/** Spec §4 "Profile": the chosen profile, if any. */
export function selectedProfile(profiles: readonly Profile[]): Profile | undefined {
  return profiles.find((profile) => profile.selected);
}

/** Spec §3 "Customer info", §4 "Profile": `selectIndividual` is true only if the chosen id is PERSONAL. */
export function selectIndividual(profiles: readonly Profile[]): boolean {
  return selectedProfile(profiles)?.id === PERSONAL_PROFILE_ID;
}

/** Spec §3 "Customer info": `singleProfile` means fewer than 2 profiles. */
export function singleProfile(profiles: readonly Profile[]): boolean {
  return profiles.length < 2;
}
