import type { ChangeEvent } from 'react';
import { t } from '#extension/i18n.ts';
import type { ManagedField } from '#extension/settings.ts';

/** A setting the organisation may set by policy, and whether it did. */
export interface PolicyLock {
  field: ManagedField;
  locked: boolean;
}

/** What a control the organisation may set carries: marked, and where it did, locked and described by the hint. */
export function lockProps({ field, locked }: PolicyLock) {
  return locked
    ? { disabled: true, 'data-managed': 'true', 'aria-describedby': `${field}-managed` }
    : { 'data-managed': 'false' };
}

/** Under a field the organisation set: why it cannot be changed (the control's aria-describedby). */
export function ManagedHint({ field }: { field: ManagedField }) {
  return (
    <p className="hint" id={`${field}-managed`} data-testid="managed-field">
      {t('managedField')}
    </p>
  );
}

export interface SettingFieldProps {
  /** The control's id; its test id is `<id>-input`. */
  id: string;
  label: string;
  hint?: string;
  /** Set for a setting the organisation may set by policy. */
  policy?: PolicyLock;
  value: string | number;
  onChange: (value: string) => void;
  /** A text area of so many lines; a one-line input without. */
  rows?: number;
  type?: 'text' | 'url' | 'number';
  min?: number;
  max?: number;
}

/** One setting: its label, its control, why it is locked where the organisation set it, and a hint. */
export function SettingField({
  id,
  label,
  hint,
  policy,
  value,
  onChange,
  rows,
  ...input
}: SettingFieldProps) {
  const control = {
    id,
    'data-testid': `${id}-input`,
    value,
    ...(policy && lockProps(policy)),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value),
  };
  return (
    <>
      <label htmlFor={id}>{label}</label>
      {rows ? <textarea rows={rows} {...control} /> : <input {...input} {...control} />}
      {policy?.locked && <ManagedHint field={policy.field} />}
      {hint && <p className="hint">{hint}</p>}
    </>
  );
}
