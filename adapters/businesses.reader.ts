// CONTRACT §3 `GET /customer-auth/businesses`, read into the domain's Business list by the field
// names of the generated wire types (contract/customer-auth.wire.ts).
import type * as Wire from '../contract/customer-auth.wire';
import type { Business } from '../domain/profiles';
import { isRecord } from '../domain/is-record';
import { err, ok, type Result } from '../domain/result';

/** Why a business list could not be read. */
export type BusinessListError =
  | { readonly kind: 'notABusinessList' }
  | { readonly kind: 'malformedBusiness'; readonly index: number }
  | { readonly kind: 'duplicateCompanyId'; readonly companyId: string };

/**
 * Spec §3 "Customer info", CONTRACT §3: read the business list from the `businesses` answer
 * (`{ businessList: [...] }`) or from the bare array. Every entry needs a non-empty string
 * `companyId` and a string `businessName`; company ids must be unique (they are the profile ids).
 * An empty list is accepted (it gives an empty profile list, which counts as a single profile).
 */
export function parseBusinessList(raw: unknown): Result<readonly Business[], BusinessListError> {
  const list = Array.isArray(raw) ? raw : isRecord(raw) ? raw['businessList' satisfies keyof Wire.Businesses] : undefined;
  if (!Array.isArray(list)) return err({ kind: 'notABusinessList' });
  const businesses: Business[] = [];
  const seen = new Set<string>();
  for (const [index, entry] of list.entries()) {
    if (!isRecord(entry)) return err({ kind: 'malformedBusiness', index });
    const companyId = entry['companyId' satisfies keyof Wire.Business];
    const businessName = entry['businessName' satisfies keyof Wire.Business];
    if (typeof companyId !== 'string' || companyId === '' || typeof businessName !== 'string') {
      return err({ kind: 'malformedBusiness', index });
    }
    if (seen.has(companyId)) return err({ kind: 'duplicateCompanyId', companyId });
    seen.add(companyId);
    businesses.push({ companyId, businessName });
  }
  return ok(businesses);
}
