// The third party's authorisation request, as the bank's authorisation server handles it: the
// recipient simulator asks, the sandbox signs the redirectJwt (CONTRACT §1) and remembers the request.
import { isRequestableScope } from './scopes';
import { err, ok, type Result } from './result';
import { SANDBOX_BRAND_IDS } from './sandbox-config';
import type { Arrangement, AuthorisationRequest } from './sandbox-records';
import { capMonths } from './sharing-period';
import { randomId, SANDBOX_BRAND, type SandboxTokens } from './sandbox-tokens';
import type { SqliteSandboxStore } from './sqlite-sandbox-store';

/** CONTRACT §1: the consent flow's route is `${brand}_${standard}_${consentType}` lower-cased; the sandbox asks for `accc` and `aisp`. */
const flowRouteOf = (brand: string): string => `${brand}_accc_aisp`.toLowerCase();

/** The simulator's callback path (the redirectUri of every token it asks for). */
export const RECIPIENT_CALLBACK_PATH = '/recipient/callback';

/** What a third party asks for. */
export interface AuthorisationAsk {
  readonly scopes: readonly string[];
  /** Months of sharing (over 12 is capped); undefined for once-off. */
  readonly months?: number;
  readonly tppName?: string;
  readonly personaHint?: string;
  /** The cdr_arrangement_id to amend. */
  readonly arrangementId?: string;
  /** The `state` to sign (tests: an exact echo of a long state); random when absent. */
  readonly state?: string;
  /** The brand of the consent (SCENARIOS: either of the sandbox's two); `Demo` when absent. */
  readonly brand?: string;
}

/** A signed request: the consent app's entry URL (path and query) and what was remembered. */
export interface StartedAuthorisation {
  readonly appPath: string;
  readonly token: string;
  readonly request: AuthorisationRequest;
}

/** The default third party. */
export const DEFAULT_TPP_NAME = 'Budget Buddy';

/** Plays the authorisation server for the recipient simulator and for tests. */
export class RecipientSimulator {
  constructor(
    private readonly deps: {
      readonly store: SqliteSandboxStore;
      readonly tokens: SandboxTokens;
      readonly origin: () => string;
      readonly nowMs: () => number;
      readonly tokenLifetimeSeconds: number;
    },
  ) {}

  /**
   * CONTRACT §1: validates the ask, signs a redirectJwt with every claim (state random unless asked,
   * redirectUri the simulator's callback; consentStatus Authorised for an amendment) and
   * remembers the request so the bank can answer /customer-auth/data.
   */
  async start(ask: AuthorisationAsk): Promise<Result<StartedAuthorisation, string>> {
    const scopes = [...new Set(ask.scopes)];
    if (scopes.length === 0) return err('Choose at least one scope.');
    // The seven CDR scopes, and OIDC openid/profile and cdr:registration that recipients ask for beside them.
    const unknown = scopes.find((scope) => !isRequestableScope(scope));
    if (unknown !== undefined) return err(`${unknown} is not a scope of the Consumer Data Right.`);
    if (ask.months !== undefined && (!Number.isInteger(ask.months) || ask.months < 1))
      return err('The sharing duration must be a whole number of months, at least 1.');
    const tppName = (ask.tppName ?? DEFAULT_TPP_NAME).trim();
    if (tppName === '' || tppName.length > 80) return err('The recipient name must have 1 to 80 characters.');
    if (ask.state !== undefined && (ask.state === '' || ask.state.length > 2048)) return err('The state must have 1 to 2048 characters.');
    const brand = ask.brand ?? SANDBOX_BRAND;
    if (!SANDBOX_BRAND_IDS.includes(brand.toLowerCase())) return err(`The brand must be one of ${SANDBOX_BRAND_IDS.join(', ')}.`);
    let arrangement: Arrangement | undefined;
    if (ask.arrangementId !== undefined) {
      arrangement = this.deps.store.findArrangement(ask.arrangementId);
      if (arrangement === undefined) return err(`There is no arrangement ${ask.arrangementId}.`);
      if (arrangement.revokedAtMs !== undefined) return err(`The arrangement ${ask.arrangementId} was revoked.`);
    }

    const state = ask.state ?? randomId(16);
    const redirectUri = `${this.deps.origin()}${RECIPIENT_CALLBACK_PATH}`;
    const consentCreationDate = Math.floor(this.deps.nowMs() / 1000);
    const { token, jti, expiresAtMs } = await this.deps.tokens.signRedirectToken(
      {
        tppName,
        orgName: `${tppName} Pty Ltd`,
        redirectUri,
        state,
        consentStatus: arrangement === undefined ? 'AwaitingAuthorisation' : 'Authorised',
        consentCreationDate,
        brand,
      },
      this.deps.tokenLifetimeSeconds,
    );
    const personaHint = ask.personaHint ?? arrangement?.owner;
    const request: AuthorisationRequest = {
      jti,
      state,
      scopes,
      ...(ask.months === undefined ? {} : { months: capMonths(ask.months) }),
      ...(personaHint === undefined || personaHint === '' ? {} : { personaHint }),
      ...(arrangement === undefined ? {} : { arrangementId: arrangement.id }),
      tppName,
      redirectUri,
      consentCreationDate,
      expiresAtMs,
      createdAtMs: this.deps.nowMs(),
    };
    this.deps.store.saveRequest(request);
    // The consent flow's own route (spec §2), not `/`: the app removes the token from the address
    // and a reload must come back to the app, while `/` opens this simulator.
    return ok({ appPath: `/${flowRouteOf(brand)}?redirectJwt=${encodeURIComponent(token)}`, token, request });
  }
}
