import { Fragment } from 'react';
import { t } from '#extension/i18n.ts';
import type { ManagedField } from '#extension/settings.ts';
import { DEFAULT_API_BASE_URL } from '#extension/settings.ts';
import { CacheRow } from './CacheRow.tsx';
import { lockProps, ManagedHint, type PolicyLock, SettingField } from './SettingField.tsx';
import type { SettingsDraft } from './settings-draft.ts';

export interface SettingFieldsProps {
  draft: SettingsDraft;
  update: (patch: Partial<SettingsDraft>) => void;
  policy: (field: ManagedField) => PolicyLock;
}

/** The settings typed in: the service, the search, the person's addresses, timings and the sites left alone. */
export function SettingFields({ draft, update, policy }: SettingFieldsProps) {
  return (
    <>
      <SettingField
        id="base-url"
        label={t('optionsBaseUrl')}
        hint={t('optionsBaseUrlHint', DEFAULT_API_BASE_URL)}
        policy={policy('baseUrl')}
        type="url"
        value={draft.baseUrl}
        onChange={(baseUrl) => update({ baseUrl })}
      />
      <SettingField
        id="query-template"
        label={t('optionsQuery')}
        hint={t('optionsQueryHint')}
        policy={policy('searchQueryTemplate')}
        type="text"
        value={draft.searchQueryTemplate}
        onChange={(searchQueryTemplate) => update({ searchQueryTemplate })}
      />
      <SettingField
        id="sending-addresses"
        label={t('optionsSendingAddresses')}
        hint={t('optionsSendingAddressesHint')}
        rows={2}
        value={draft.sendingAddresses}
        onChange={(sendingAddresses) => update({ sendingAddresses })}
      />
      <SettingField
        id="hover-delay"
        label={t('optionsHoverDelay')}
        type="number"
        min={0}
        max={5000}
        value={draft.hoverDelayMs}
        onChange={(value) => update({ hoverDelayMs: Number(value) })}
      />
      <SettingField
        id="cache-ttl"
        label={t('optionsCacheTtl')}
        type="number"
        min={0}
        value={draft.cacheTtlHours}
        onChange={(value) => update({ cacheTtlHours: Number(value) })}
      />
      <CacheRow />
      <SettingField
        id="disabled-sites"
        label={t('optionsDisabledSites')}
        hint={t('optionsDisabledSitesHint')}
        policy={policy('disabledSites')}
        rows={4}
        value={draft.disabledSites}
        onChange={(disabledSites) => update({ disabledSites })}
      />
    </>
  );
}

/** The site integrations a person (or IT) can switch off, each a checkbox. */
const INTEGRATIONS = [
  { field: 'gmailIntegration', testId: 'gmail-integration-input', label: 'optionsGmail' },
  { field: 'outlookIntegration', testId: 'outlook-integration-input', label: 'optionsOutlook' },
] as const;

export function IntegrationBoxes({ draft, update, policy }: SettingFieldsProps) {
  return INTEGRATIONS.map(({ field, testId, label }) => (
    <Fragment key={field}>
      <label>
        <input
          type="checkbox"
          data-testid={testId}
          checked={draft[field]}
          {...lockProps(policy(field))}
          onChange={(event) => update({ [field]: event.target.checked })}
        />{' '}
        {t(label)}
      </label>
      {policy(field).locked && <ManagedHint field={field} />}
    </Fragment>
  ));
}
