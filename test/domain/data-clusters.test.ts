import { expect } from 'chai';
import { dataClusters, unknownScopes, type DataClusterProfile } from '../../domain/data-clusters';
import { stepsCopy } from '../../domain/steps-copy';
import { SCOPES } from '../../domain/scopes';

/**
 * The rows of DATA-LANGUAGE.md, copied verbatim (CDR Data Language Standards v1.36). The test
 * parses them by the standards' own rules: semicolons separate permissions; "† (e.g. …)" is the
 * in-line help example of the permission before it; a bare † carries no text.
 */
const BANKING_ROWS = [
  '| `bank:accounts.basic:read` | Account name, type and balance | Name of account; Type of account; Account balance; |',
  '| `bank:accounts.detail:read` | Account numbers and features | Account number; Interest rates; Fees; Discounts; Account terms; Account mail address; |',
  '| `bank:accounts.detail:read` without `bank:accounts.basic:read` ‡ | Account balance and details | Name of account; Type of account; Account balance; Account number; Interest rates; Fees; Discounts; Account terms; Account mail address; |',
  '| `bank:transactions:read` | Transaction details | Incoming and outgoing transactions; Amounts; Dates; Descriptions of transactions; Who you have sent money to and received money from; † (e.g. their name) |',
  '| `bank:regular_payments:read` | Direct debits and scheduled payments | Direct debits; Scheduled payments; |',
  '| `bank:payees:read` | Saved payees | Names and details of accounts you have saved; † (e.g. their BSB and Account Number, BPAY CRN and Biller code, or NPP PayID) |',
];
const INDIVIDUAL_ROWS = [
  '| `common:customer.basic:read` | Name and occupation | Name; Occupation; |',
  '| `common:customer.detail:read` | Contact details | Phone; Email address; Mail address; Residential address; |',
  '| `common:customer.detail:read` without `common:customer.basic:read` ‡ | Name, occupation, contact details | Name; Occupation; Phone; Email address; Mail address; Residential address; |',
];
const ORGANISATION_ROWS = [
  '| `common:customer.basic:read` | Organisation profile | Agent name and role; Organisation name; Organisation numbers (ABN or ACN); † Charity status; Establishment date; Industry; Organisation type; Country of registration; |',
  '| `common:customer.detail:read` | Organisation contact details | Organisation address; Mail address; Phone number; |',
  '| `common:customer.detail:read` without `common:customer.basic:read` ‡ | Organisation profile and contact details | Agent name and role; Organisation name; Organisation numbers (ABN or ACN); † Charity status; Establishment date; Industry; Organisation type; Country of registration; Organisation address; Mail address; Phone number; |',
];

interface Row {
  readonly scope: string;
  readonly without?: string;
  readonly heading: string;
  readonly items: { text: string; example?: string }[];
}

function parseRow(line: string): Row {
  const cells = line
    .split('|')
    .slice(1, -1)
    .map((cell) => cell.trim());
  const [scopeCell = '', heading = '', permissions = ''] = cells;
  const scopes = [...scopeCell.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');
  const items: { text: string; example?: string }[] = [];
  for (const raw of permissions
    .split(';')
    .map((p) => p.trim())
    .filter((p) => p !== '')) {
    if (!raw.startsWith('†')) {
      items.push({ text: raw });
      continue;
    }
    const rest = raw.slice(1).trim();
    const previous = items[items.length - 1];
    if (rest.startsWith('(') && previous !== undefined) previous.example = rest;
    else items.push({ text: rest });
  }
  const scope = scopes[0] ?? '';
  return scopes[1] === undefined ? { scope, heading, items } : { scope, without: scopes[1], heading, items };
}

/** The scopes that make a row appear on its own: its scope, plus the basic scope unless it is a ‡ row. */
function requestFor(row: Row): string[] {
  if (row.without !== undefined) return [row.scope];
  return row.scope.includes('.detail:') ? [row.scope, row.scope.replace('.detail:', '.basic:')] : [row.scope];
}

const HISTORY_SCOPES = ['bank:accounts.basic:read', 'bank:accounts.detail:read', 'bank:transactions:read'];

describe('domain/data-clusters (spec §3, DATA-LANGUAGE.md)', () => {
  const tables: { profile: DataClusterProfile; rows: string[] }[] = [
    { profile: 'individual', rows: [...BANKING_ROWS, ...INDIVIDUAL_ROWS] },
    { profile: 'organisation', rows: [...BANKING_ROWS, ...ORGANISATION_ROWS] },
  ];

  for (const { profile, rows } of tables) {
    for (const line of rows) {
      const row = parseRow(line);
      it(`${profile}: ${row.heading} is verbatim`, () => {
        const clusters = dataClusters(requestFor(row), profile);
        const cluster = clusters.find((c) => c.heading === row.heading);
        expect(cluster, `no cluster "${row.heading}" in ${JSON.stringify(clusters.map((c) => c.heading))}`).to.not.equal(undefined);
        expect(cluster?.scope).to.equal(row.scope);
        expect(cluster?.items).to.deep.equal(row.items);
        if (HISTORY_SCOPES.includes(row.scope)) expect(cluster?.historyNote).to.equal(stepsCopy.confirmation.historyNote);
        else expect(cluster).to.not.have.property('historyNote');
      });
    }
  }

  it('the history note dates back to 1 January 2017', () => {
    expect(stepsCopy.confirmation.historyNote).to.contain('1 January 2017');
  });

  it('in-line help examples are separate from the permission text', () => {
    const all = dataClusters(['bank:transactions:read', 'bank:payees:read', 'common:customer.basic:read'], 'organisation');
    const texts = all.flatMap((c) => c.items.map((i) => i.text));
    for (const text of texts) {
      expect(text).to.not.match(/[†‡;]/);
      expect(text).to.equal(text.trim());
    }
    expect(texts).to.include('Charity status');
    const payees = all.find((c) => c.id === 'savedPayees');
    expect(payees?.items).to.deep.equal([
      {
        text: 'Names and details of accounts you have saved',
        example: '(e.g. their BSB and Account Number, BPAY CRN and Biller code, or NPP PayID)',
      },
    ]);
  });

  const mergeCases: { name: string; scopes: string[]; profile: DataClusterProfile; headings: string[] }[] = [
    { name: 'account detail alone → merged', scopes: ['bank:accounts.detail:read'], profile: 'individual', headings: ['Account balance and details'] },
    {
      name: 'account basic + detail → two clusters',
      scopes: ['bank:accounts.detail:read', 'bank:accounts.basic:read'],
      profile: 'individual',
      headings: ['Account name, type and balance', 'Account numbers and features'],
    },
    { name: 'account basic alone', scopes: ['bank:accounts.basic:read'], profile: 'organisation', headings: ['Account name, type and balance'] },
    {
      name: 'individual detail alone → merged',
      scopes: ['common:customer.detail:read'],
      profile: 'individual',
      headings: ['Name, occupation, contact details'],
    },
    {
      name: 'individual basic + detail → two clusters',
      scopes: ['common:customer.basic:read', 'common:customer.detail:read'],
      profile: 'individual',
      headings: ['Name and occupation', 'Contact details'],
    },
    { name: 'individual basic alone', scopes: ['common:customer.basic:read'], profile: 'individual', headings: ['Name and occupation'] },
    {
      name: 'organisation detail alone → merged',
      scopes: ['common:customer.detail:read'],
      profile: 'organisation',
      headings: ['Organisation profile and contact details'],
    },
    {
      name: 'organisation basic + detail → two clusters',
      scopes: ['common:customer.detail:read', 'common:customer.basic:read'],
      profile: 'organisation',
      headings: ['Organisation profile', 'Organisation contact details'],
    },
    {
      name: 'all seven scopes, in table order whatever the request order',
      scopes: [
        'common:customer.detail:read',
        'bank:payees:read',
        'common:customer.basic:read',
        'bank:regular_payments:read',
        'bank:transactions:read',
        'bank:accounts.detail:read',
        'bank:accounts.basic:read',
      ],
      profile: 'individual',
      headings: [
        'Account name, type and balance',
        'Account numbers and features',
        'Transaction details',
        'Direct debits and scheduled payments',
        'Saved payees',
        'Name and occupation',
        'Contact details',
      ],
    },
    {
      name: 'unknown and duplicated scopes are ignored',
      scopes: ['bank:transactions:read', 'energy:accounts.basic:read', 'bank:transactions:read', '', 'openid'],
      profile: 'organisation',
      headings: ['Transaction details'],
    },
    { name: 'no scopes → no clusters', scopes: [], profile: 'individual', headings: [] },
  ];

  for (const { name, scopes, profile, headings } of mergeCases) {
    it(`‡ rule and order: ${name}`, () => {
      expect(dataClusters(scopes, profile).map((c) => c.heading)).to.deep.equal(headings);
    });
  }

  it('known pitfalls are absent: no "Account name, type, and balance", no "Contact Details"', () => {
    const every = [...BANKING_ROWS, ...INDIVIDUAL_ROWS, ...ORGANISATION_ROWS].map(parseRow);
    const outputs = (['individual', 'organisation'] as const).flatMap((profile) => every.flatMap((row) => dataClusters(requestFor(row), profile)));
    const words = JSON.stringify(outputs);
    expect(words).to.not.contain('Account name, type, and balance');
    expect(words).to.not.contain('Contact Details');
    expect(words).to.contain('Contact details');
  });

  it('the merged cluster is never shown alongside its basic scope', () => {
    for (const profile of ['individual', 'organisation'] as const) {
      const ids = dataClusters(
        ['bank:accounts.basic:read', 'bank:accounts.detail:read', 'common:customer.basic:read', 'common:customer.detail:read'],
        profile,
      ).map((c) => c.id);
      expect(ids).to.not.include('accountBalanceDetails');
      expect(ids).to.not.include('customerBasicAndDetail');
    }
  });

  it('each cluster has its own stable id (the views key and name them by it), for both profiles', () => {
    for (const profile of ['individual', 'organisation'] as const) {
      expect(
        dataClusters(SCOPES, profile).map((c) => c.id),
        profile,
      ).to.deep.equal([
        'accountNameTypeBalance',
        'accountNumbersFeatures',
        'transactionDetails',
        'regularPayments',
        'savedPayees',
        'customerBasic',
        'customerDetail',
      ]);
      expect(
        dataClusters(['bank:accounts.detail:read', 'common:customer.detail:read'], profile).map((c) => c.id),
        profile,
      ).to.deep.equal(['accountBalanceDetails', 'customerBasicAndDetail']);
    }
  });

  it('does not mutate its input and returns fresh arrays', () => {
    const scopes = Object.freeze(['bank:accounts.detail:read', 'common:customer.detail:read']);
    const first = dataClusters(scopes, 'individual');
    first.pop();
    expect(dataClusters(scopes, 'individual')).to.have.length(2);
  });

  it('unknownScopes reports each unknown scope once, in request order', () => {
    expect(unknownScopes(['energy:y', 'bank:payees:read', 'energy:x', 'energy:y'])).to.deep.equal(['energy:y', 'energy:x']);
    // CDS "Profile Scope and Standard Claims": openid and profile, and cdr:registration, are known (issue 13 item 4).
    expect(unknownScopes(['openid', 'profile', 'cdr:registration'])).to.deep.equal([]);
    expect(unknownScopes(['bank:payees:read'])).to.deep.equal([]);
  });

  describe('the OIDC profile scope (issue 13 item 4; CDS "Profile Scope and Standard Claims: Common")', () => {
    const shown = (scopes: string[], profile: DataClusterProfile) => dataClusters(scopes, profile).map((c) => [c.heading, c.items.map((i) => i.text)]);

    it('openid profile alone: the cluster "Name", "Full name and title(s)", for an individual and an organisation', () => {
      for (const profile of ['individual', 'organisation'] as const) {
        expect(shown(['openid', 'profile'], profile), profile).to.deep.equal([['Name', ['Full name and title(s)']]]);
      }
    });

    // Issue 21: "profile" was merged into "Name and occupation" with its item renamed; the
    // standards' "Detailed scope requests" merge covers Basic and Detailed scopes only.
    describe('the OIDC profile scope is its own cluster for an individual: "Name", "Full name and title(s)", verbatim (issue 21)', () => {
      /** The standards' row (v1.36.0, slate/source/includes/cx_standards/data_language.md, "Profile Scope and Standard Claims: Common"). */
      const PROFILE_ROW = '| **Name** | Full name and title(s) |';
      const [heading = '', permission = ''] = PROFILE_ROW.split('|')
        .slice(1, 3)
        .map((cell) => cell.trim().replaceAll('**', ''));

      it('the row of the standards, word for word', () => {
        expect(shown(['profile'], 'individual')).to.deep.equal([[heading, [permission]]]);
        expect([heading, permission]).to.deep.equal(['Name', 'Full name and title(s)']);
      });

      it('beside "Name and occupation", which keeps its own words (Name; Occupation)', () => {
        expect(shown(['openid', 'profile', 'common:customer.basic:read'], 'individual')).to.deep.equal([
          ['Name and occupation', ['Name', 'Occupation']],
          ['Name', ['Full name and title(s)']],
        ]);
        expect(shown(['profile', 'common:customer.basic:read', 'common:customer.detail:read'], 'individual')).to.deep.equal([
          ['Name and occupation', ['Name', 'Occupation']],
          ['Contact details', ['Phone', 'Email address', 'Mail address', 'Residential address']],
          ['Name', ['Full name and title(s)']],
        ]);
      });

      it('beside the ‡ merged customer cluster too (that merge is of Basic and Detailed scopes only)', () => {
        expect(shown(['profile', 'common:customer.detail:read'], 'individual')).to.deep.equal([
          ['Name, occupation, contact details', ['Name', 'Occupation', 'Phone', 'Email address', 'Mail address', 'Residential address']],
          ['Name', ['Full name and title(s)']],
        ]);
      });

      it('whatever else is asked, the customer clusters read as without profile, and "Name" comes last, once', () => {
        const others = [...SCOPES];
        for (const profile of ['individual', 'organisation'] as const) {
          for (let mask = 0; mask < 1 << others.length; mask += 1) {
            const scopes = others.filter((_, index) => (mask & (1 << index)) !== 0);
            const without = dataClusters(scopes, profile);
            const withProfile = dataClusters([...scopes, 'profile', 'openid'], profile);
            expect(withProfile.slice(0, -1), scopes.join(' ')).to.deep.equal(without);
            expect(withProfile.at(-1)?.heading).to.equal('Name');
            expect(withProfile.filter((cluster) => cluster.id === 'name')).to.have.length(1);
          }
        }
      });
    });

    it('organisation: "Name" is its own cluster too (the standards: the scope returns the person logged in, not the organisation)', () => {
      expect(dataClusters(['profile', 'common:customer.basic:read'], 'organisation').map((c) => c.heading)).to.deep.equal(['Organisation profile', 'Name']);
    });

    it('openid and cdr:registration alone list nothing', () => {
      expect(dataClusters(['openid', 'cdr:registration'], 'individual')).to.deep.equal([]);
    });

    it('without profile nothing changes: "Name" is the standards\' customer.basic word', () => {
      expect(dataClusters(['common:customer.basic:read'], 'individual')[0]?.items.map((i) => i.text)).to.deep.equal(['Name', 'Occupation']);
    });

    it('accountData marks exactly the bank clusters', () => {
      for (const profile of ['individual', 'organisation'] as const) {
        for (const cluster of dataClusters([...SCOPES, 'profile'], profile)) {
          expect(cluster.accountData, cluster.id).to.equal(cluster.scope.startsWith('bank:'));
        }
      }
    });
  });
});
