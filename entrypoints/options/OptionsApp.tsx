import { type FormEvent, Fragment, useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { BuildNotes } from '#components/BuildNotes.tsx';
import { PAGE_THEME_CSS } from '#components/theme.ts';
import { t } from '#extension/i18n.ts';
import { type Responses, sendRequest } from '#extension/messaging.ts';
import { type ManagedField, ownSettingsToSave } from '#settings/managed.ts';
import {
  baseUrlProblem,
  baseUrlSchema,
  cleanApiKey,
  DEFAULT_API_BASE_URL,
  type Settings,
} from '#settings/schema.ts';
import { inForce, useSettingsStore } from '#settings/store.ts';
import { serviceInForce } from '#ui/service-words.ts';

const OPTIONS_CSS = `${PAGE_THEME_CSS}
body { margin: 0; font: 14px/1.5 system-ui, sans-serif; color: var(--wl-fg); }
main { max-width: 560px; margin: 24px auto; padding: 0 16px; }
label { display: block; font-weight: 600; margin: 16px 0 4px; }
.hint { color: var(--wl-muted); font-size: 12px; margin: 2px 0 0; }
input[type=text], input[type=password], input[type=number], input[type=url], textarea { width: 100%; box-sizing: border-box;
  padding: 6px 8px; border: 1px solid var(--wl-border); border-radius: 6px; font: inherit; }
.row { display: flex; gap: 6px; align-items: center; }
button { padding: 6px 12px; border: 1px solid var(--wl-border); border-radius: 6px; background: var(--wl-button-bg); font: inherit; cursor: pointer; }
button.primary { background: var(--wl-primary-bg); border-color: var(--wl-primary-border); color: var(--wl-primary-fg); }
.status { margin: 8px 0; }
.error { color: var(--wl-error); }
.managed { padding: 8px 12px; border-radius: 6px; background: var(--wl-notice-bg); border: 1px solid var(--wl-notice-border); }
:disabled { cursor: not-allowed; }
`;

/** The host permission a base URL needs: Chrome match patterns ignore the port. */
function hostPattern(baseUrl: string): string {
  const url = new URL(baseUrl);
  return `${url.protocol}//${url.hostname}/*`;
}

/** What to tell a person about a service address that cannot be used. */
function baseUrlMessage(value: string): string {
  return baseUrlProblem(value) === 'insecure' ? t('optionsBaseUrlInsecure') : t('optionsBaseUrlInvalid');
}

/** Lists are edited as text, one entry a line. */
type Draft = Omit<Settings, 'disabledSites' | 'sendingAddresses'> & {
  disabledSites: string;
  sendingAddresses: string;
};

const toLines = (list: string[]) => list.join('\n');
const fromLines = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/** Under a field the organisation set: why it cannot be changed. */
function ManagedHint({ id }: { id: string }) {
  return (
    <p className="hint" id={id} data-testid="managed-field">
      {t('managedField')}
    </p>
  );
}

type ManagedProps = { disabled?: boolean; 'data-managed': string; 'aria-describedby'?: string };

/** The key: typed, shown or hidden, and tested against the service without saving it. */
function KeyField(props: {
  apiKey: string;
  locked: boolean;
  managedProps: ManagedProps;
  onChange: (key: string) => void;
  onTest: () => void;
  testResult: string | null;
}) {
  const { apiKey, locked, managedProps, onChange, onTest, testResult } = props;
  const [showKey, setShowKey] = useState(false);
  return (
    <>
      <label htmlFor="api-key">{t('optionsApiKey')}</label>
      <div className="row">
        <input
          id="api-key"
          data-testid="api-key-input"
          type={showKey ? 'text' : 'password'}
          autoComplete="off"
          spellCheck={false}
          value={locked ? '' : apiKey}
          placeholder={locked ? t('managedKeyPlaceholder') : undefined}
          {...managedProps}
          onChange={(event) => onChange(cleanApiKey(event.target.value))}
        />
        <button type="button" onClick={() => setShowKey(!showKey)} aria-pressed={showKey} disabled={locked}>
          {showKey ? t('optionsHideKey') : t('optionsShowKey')}
        </button>
        <button type="button" data-testid="test-key" onClick={onTest}>
          {t('optionsTestKey')}
        </button>
      </div>
      {locked ? <ManagedHint id="apiKey-managed" /> : <p className="hint">{t('optionsKeyHint')}</p>}
      <p className="status" data-testid="test-key-result" role="status">
        {testResult}
      </p>
    </>
  );
}

/** How many answers the cache keeps, whether storage takes new ones, and a button that empties it. */
function CacheRow() {
  const [stats, setStats] = useState<Responses['cache-stats'] | null>(null);
  useEffect(() => {
    void sendRequest({ type: 'cache-stats' }).then(setStats);
  }, []);
  const clear = async () => setStats(await sendRequest({ type: 'clear-cache' }));
  return (
    <>
      <div className="row">
        <button type="button" data-testid="clear-cache" onClick={() => void clear()}>
          {t('optionsClearCache')}
        </button>
        <span data-testid="cache-count">{stats === null ? '' : t('optionsCacheCount', stats.entries)}</span>
      </div>
      {stats?.saved === false && (
        <p className="status error" data-testid="cache-not-saved" role="alert">
          {t('optionsCacheNotSaved')}
        </p>
      )}
    </>
  );
}

/**
 * Saves the page's draft and key: the service address checked, its host permission asked for (while the
 * click still counts as the person's gesture), the fields the organisation set left as they were.
 */
async function saveOptions(draft: Draft, apiKey: string): Promise<{ ok: boolean; text: string }> {
  const store = useSettingsStore.getState();
  const locked = (field: ManagedField) => store.managed.fields.includes(field);
  const baseUrl = baseUrlSchema.safeParse(locked('baseUrl') ? store.settings.baseUrl : draft.baseUrl);
  if (!baseUrl.success) return { ok: false, text: baseUrlMessage(draft.baseUrl) };
  if (!locked('baseUrl') && hostPattern(baseUrl.data) !== hostPattern(DEFAULT_API_BASE_URL)) {
    const granted = await browser.permissions.request({ origins: [hostPattern(baseUrl.data)] });
    if (!granted) return { ok: false, text: t('optionsNoAccess', new URL(baseUrl.data).host) };
  }
  const edited: Settings = {
    ...draft,
    baseUrl: baseUrl.data,
    disabledSites: fromLines(draft.disabledSites),
    sendingAddresses: fromLines(draft.sendingAddresses),
  };
  const saved = await store.save(
    ownSettingsToSave(edited, store.settings, store.managed.fields),
    locked('apiKey') ? store.apiKey : apiKey,
  );
  return saved ? { ok: true, text: t('optionsSaved') } : { ok: false, text: t('optionsNotSaved') };
}

/** The site integrations a person (or IT) can switch off, each a checkbox. */
const INTEGRATIONS = [
  { field: 'gmailIntegration', testId: 'gmail-integration-input', label: 'optionsGmail' },
  { field: 'outlookIntegration', testId: 'outlook-integration-input', label: 'optionsOutlook' },
] as const;

export function OptionsApp() {
  const store = useSettingsStore();
  const [apiKey, setApiKey] = useState('');
  const [draft, setDraft] = useState<Draft | null>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [testResult, setTestResult] = useState<string | null>(null);

  useEffect(() => {
    void store.load().then(() => {
      const state = useSettingsStore.getState();
      const settings = inForce(state);
      setApiKey(state.apiKey);
      setDraft({
        ...settings,
        disabledSites: toLines(settings.disabledSites),
        sendingAddresses: toLines(settings.sendingAddresses),
      });
    });
  }, [store.load]);

  if (!draft) return <main>{t('optionsLoading')}</main>;
  const update = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const locked = (field: ManagedField) => store.managed.fields.includes(field);
  /** What a field the organisation set carries: locked, marked, and described by the hint under it. */
  const managedProps = (field: ManagedField) =>
    locked(field)
      ? { disabled: true, 'data-managed': 'true', 'aria-describedby': `${field}-managed` }
      : { 'data-managed': 'false' };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setStatus(await saveOptions(draft, apiKey));
  };

  const testKey = async () => {
    setTestResult(t('optionsTesting'));
    const baseUrl = baseUrlSchema.safeParse(draft.baseUrl);
    if (!baseUrl.success) {
      setTestResult(baseUrlMessage(draft.baseUrl));
      return;
    }
    setTestResult((await sendRequest({ type: 'test-key', apiKey, baseUrl: baseUrl.data })).text);
  };

  return (
    <main>
      <style>{OPTIONS_CSS}</style>
      <h1>{t('optionsTitle')}</h1>
      {store.managed.fields.length > 0 && (
        <p className="managed" data-testid="managed-note" role="note">
          {t('managedNote')}
        </p>
      )}
      <BuildNotes
        service={serviceInForce(inForce(store).baseUrl, store.managed.settings.baseUrl)}
        keyManaged={locked('apiKey')}
      />
      <form onSubmit={(event) => void save(event)}>
        <KeyField
          apiKey={apiKey}
          locked={locked('apiKey')}
          managedProps={managedProps('apiKey')}
          onChange={setApiKey}
          onTest={() => void testKey()}
          testResult={testResult}
        />

        <label htmlFor="base-url">{t('optionsBaseUrl')}</label>
        <input
          id="base-url"
          data-testid="base-url-input"
          type="url"
          value={draft.baseUrl}
          {...managedProps('baseUrl')}
          onChange={(event) => update({ baseUrl: event.target.value })}
        />
        {locked('baseUrl') && <ManagedHint id="baseUrl-managed" />}
        <p className="hint">{t('optionsBaseUrlHint', DEFAULT_API_BASE_URL)}</p>

        <label htmlFor="query-template">{t('optionsQuery')}</label>
        <input
          id="query-template"
          data-testid="query-template-input"
          type="text"
          value={draft.searchQueryTemplate}
          {...managedProps('searchQueryTemplate')}
          onChange={(event) => update({ searchQueryTemplate: event.target.value })}
        />
        {locked('searchQueryTemplate') && <ManagedHint id="searchQueryTemplate-managed" />}
        <p className="hint">{t('optionsQueryHint')}</p>

        <label htmlFor="sending-addresses">{t('optionsSendingAddresses')}</label>
        <textarea
          id="sending-addresses"
          data-testid="sending-addresses-input"
          rows={2}
          value={draft.sendingAddresses}
          onChange={(event) => update({ sendingAddresses: event.target.value })}
        />
        <p className="hint">{t('optionsSendingAddressesHint')}</p>

        <label htmlFor="hover-delay">{t('optionsHoverDelay')}</label>
        <input
          id="hover-delay"
          data-testid="hover-delay-input"
          type="number"
          min={0}
          max={5000}
          value={draft.hoverDelayMs}
          onChange={(event) => update({ hoverDelayMs: Number(event.target.value) })}
        />

        <label htmlFor="cache-ttl">{t('optionsCacheTtl')}</label>
        <input
          id="cache-ttl"
          data-testid="cache-ttl-input"
          type="number"
          min={0}
          value={draft.cacheTtlHours}
          onChange={(event) => update({ cacheTtlHours: Number(event.target.value) })}
        />
        <CacheRow />

        <label htmlFor="disabled-sites">{t('optionsDisabledSites')}</label>
        <textarea
          id="disabled-sites"
          data-testid="disabled-sites-input"
          rows={4}
          value={draft.disabledSites}
          {...managedProps('disabledSites')}
          onChange={(event) => update({ disabledSites: event.target.value })}
        />
        {locked('disabledSites') && <ManagedHint id="disabledSites-managed" />}
        <p className="hint">{t('optionsDisabledSitesHint')}</p>

        {INTEGRATIONS.map(({ field, testId, label }) => (
          <Fragment key={field}>
            <label>
              <input
                type="checkbox"
                data-testid={testId}
                checked={draft[field]}
                {...managedProps(field)}
                onChange={(event) => update({ [field]: event.target.checked })}
              />{' '}
              {t(label)}
            </label>
            {locked(field) && <ManagedHint id={`${field}-managed`} />}
          </Fragment>
        ))}

        <p>
          <button type="submit" className="primary" data-testid="api-key-save">
            {t('optionsSave')}
          </button>
        </p>
        {status && (
          <p
            className={status.ok ? 'status' : 'status error'}
            data-testid="save-status"
            role={status.ok ? 'status' : 'alert'}
          >
            {status.text}
          </p>
        )}
      </form>
    </main>
  );
}
