import { isRecord } from './is-record';
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

/** Why a business list (CONTRACT §3 `GET /customer-auth/businesses`) could not be read. */
export type BusinessListError =
  | { readonly kind: 'notABusinessList' }
  | { readonly kind: 'malformedBusiness'; readonly index: number }
  | { readonly kind: 'duplicateCompanyId'; readonly companyId: string };

/** Why a profile could not be selected. */
export type ProfileError = { readonly kind: 'unknownProfile'; readonly id: string };

/**
 * Spec §3 "Customer info", CONTRACT §3: read the business list from the `businesses` answer
 * (`{ businessList: [...] }`) or from the bare array. Every entry needs a non-empty string
 * `companyId` and a string `businessName`; company ids must be unique (they are the profile ids).
 * An empty list is accepted (it gives an empty profile list, which counts as a single profile).
 */
export function parseBusinessList(raw: unknown): Result<readonly Business[], BusinessListError> {
  const list = Array.isArray(raw) ? raw : isRecord(raw) ? raw['businessList'] : undefined;
  if (!Array.isArray(list)) return err({ kind: 'notABusinessList' });
  const businesses: Business[] = [];
  const seen = new Set<string>();
  for (const [index, entry] of list.entries()) {
    if (!isRecord(entry)) return err({ kind: 'malformedBusiness', index });
    const companyId = entry['companyId'];
    const businessName = entry['businessName'];
    if (typeof companyId !== 'string' || companyId === '' || typeof businessName !== 'string') {
      return err({ kind: 'malformedBusiness', index });
    }
    if (seen.has(companyId)) return err({ kind: 'duplicateCompanyId', companyId });
    seen.add(companyId);
    businesses.push({ companyId, businessName });
  }
  return ok(businesses);
}

/** Spec §3 "Customer info" and §4 "Profile": one profile per business; the first is selected by default. */
export function toProfileList(businesses: readonly Business[]): readonly Profile[] {
  return businesses.map((business, index) => ({
    id: business.companyId,
    profileName: business.businessName,
    selected: index === 0,
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
