import { Box, Text } from 'ink';
import { observer } from 'mobx-react-lite';
import { ConfirmationStore } from '../../../application/stores/confirmation.store';
import { SessionStore } from '../../../application/stores/session.store';
import { accountDisplayName, formatAccountNumber } from '../../../domain/accounts';
import { DESCRIPTION_MAX_LENGTH } from '../../../domain/flow-steps';
import { pendingExplanation, type SummaryEntry } from '../../../domain/selection-summary';
import { stepsCopy } from '../../../domain/steps-copy';
import { useService } from '../services-context';
import { Notice, TextField } from '../widgets';
import { StepButtons } from './step-buttons';

const c = stepsCopy.confirmation;

/** Issue 33 item 7: a joint notice, its words as they are, then the accounts it is about, one a line; nothing when about none. */
function JointNotice({ text, accounts }: { readonly text: string; readonly accounts: readonly string[] }) {
  if (accounts.length === 0) return undefined;
  return (
    <Box flexDirection="column">
      <Notice text={text} />
      {accounts.map((name, index) => (
        <Text key={`${index}:${name}`}>{`    ${name}`}</Text>
      ))}
    </Box>
  );
}

function Entries({
  heading,
  entries,
  removed,
}: {
  readonly heading: string | undefined;
  readonly entries: readonly SummaryEntry[];
  readonly removed: boolean;
}) {
  if (entries.length === 0) return undefined;
  return (
    <Box flexDirection="column">
      {heading === undefined ? undefined : <Text underline>{heading}</Text>}
      {entries.map(({ account, subAccounts }) => (
        <Box key={account.id} flexDirection="column">
          <Text>
            {`• ${accountDisplayName(account)} ${formatAccountNumber(account.identification)}`}
            {removed ? ` (${c.removedAccount})` : ''}
            {account.jointAccount ? ` · ${stepsCopy.selectAccounts.jointAccount}` : ''}
            {account.closed ? ` · ${stepsCopy.selectAccounts.closedAccount}` : ''}
            {!removed && account.eligibleAccount && account.pending !== undefined ? ` · ${pendingExplanation(account.pending)?.tag ?? ''}` : ''}
          </Text>
          {!removed && account.eligibleAccount && account.pending !== undefined ? (
            <Text dimColor>{`    ${pendingExplanation(account.pending)?.explanation ?? ''}`}</Text>
          ) : undefined}
          {subAccounts.map(({ subAccount, tag }) => (
            <Text key={subAccount.id}>
              {`    ${subAccount.currency ?? accountDisplayName(subAccount)} ${formatAccountNumber(subAccount.identification)}`}
              {tag === 'added' ? ` ${c.added}` : tag === 'removed' ? ` ${c.removed}` : ''}
              {subAccount.closed ? ` ${c.closedSubAccount}` : ''}
            </Text>
          ))}
        </Box>
      ))}
    </Box>
  );
}

/**
 * Spec §2 "Confirmation": what changed (PAR; issue 22: each line only where something changes), the no-account warning, the profile, the accounts
 * (added, maintained, removed), the period, how long, the data clusters with every item in the
 * regulator's words, the description, and Back / Confirm / Cancel.
 */
export const ConfirmationView = observer(function ConfirmationView() {
  const confirmation = useService(ConfirmationStore);
  const session = useService(SessionStore);
  const changes = confirmation.whatsChanged;
  const { added, maintained, removed } = confirmation.summary;
  const par = confirmation.isPar;
  const { back, primary, cancel } = session.buttons;
  return (
    <Box flexDirection="column" gap={1}>
      {changes === undefined || changes.lines.length === 0 ? undefined : (
        <Box flexDirection="column">
          <Text bold>{c.whatsChanged}</Text>
          {changes.lines.map((line) => (
            <Text key={line}>{`• ${line}`}</Text>
          ))}
        </Box>
      )}
      {confirmation.showNoAccountWarning ? <Notice warning text={confirmation.noAccountWarningText} /> : undefined}
      {confirmation.selectedProfileName === undefined ? undefined : (
        <Box flexDirection="column">
          <Text bold>{c.selectedProfile}</Text>
          <Text>{confirmation.selectedProfileName}</Text>
        </Box>
      )}
      {added.length + maintained.length + removed.length === 0 ? undefined : (
        <Box flexDirection="column">
          <Text bold>{c.selectedAccounts}</Text>
          <Entries heading={par ? c.addedAccounts : undefined} entries={added} removed={false} />
          <Entries heading={par ? c.maintainedAccounts : undefined} entries={maintained} removed={false} />
          <Entries heading={par ? c.removedAccounts : undefined} entries={removed} removed />
          <JointNotice text={c.jointHoldersNotified} accounts={confirmation.jointNoticeAccounts.notified} />
          <JointNotice text={c.jointHoldersNotNotified} accounts={confirmation.jointNoticeAccounts.notNotified} />
        </Box>
      )}
      {confirmation.periodText === undefined && confirmation.arrangementId === undefined ? undefined : (
        <Box flexDirection="column">
          <Text bold>{confirmation.periodHeading}</Text>
          {confirmation.periodText === undefined ? undefined : <Text>{confirmation.periodText}</Text>}
          {confirmation.arrangementId === undefined ? undefined : <Text>{`${c.arrangementId}: ${confirmation.arrangementId}`}</Text>}
        </Box>
      )}
      <Box flexDirection="column">
        <Text bold>{c.howLong}</Text>
        <Text>{confirmation.howLongText}</Text>
        <Notice text={c.manageSharing} />
      </Box>
      {confirmation.clusters.length === 0 ? undefined : (
        <Box flexDirection="column">
          <Text bold>{c.dataToShare}</Text>
          {confirmation.clusters.map((cluster) => (
            <Box key={cluster.id} flexDirection="column">
              <Text underline>{cluster.heading}</Text>
              {cluster.items.map((item) => (
                <Text key={item.text}>
                  {`  • ${item.text}`}
                  {item.example === undefined ? '' : <Text dimColor>{` ${item.example}`}</Text>}
                </Text>
              ))}
              {cluster.historyNote === undefined ? undefined : <Text dimColor>{`  ${cluster.historyNote}`}</Text>}
            </Box>
          ))}
        </Box>
      )}
      <TextField
        label={c.descriptionLabel}
        help={`${c.descriptionHint} (${c.descriptionPlaceholder})`}
        value={confirmation.description}
        maxLength={DESCRIPTION_MAX_LENGTH}
        onChange={confirmation.setDescription}
      />
      <StepButtons
        back={back === undefined ? undefined : { label: back, onPress: () => void confirmation.back() }}
        primary={{ label: primary, onPress: () => void confirmation.confirm(), disabled: !confirmation.canConfirm }}
        cancel={{ label: cancel, onPress: confirmation.cancel }}
      />
    </Box>
  );
});
