/*
 * SetupEditor — the parameter editor, generated from the setup's field tables
 * (editorFields): workload, device 0's preset, queue and overrides (empty =
 * the preset's value, shown as the placeholder), the device count and the
 * host, the seed. Each field shows its own
 * error, naming it; the explorer only runs a draft with no error, so the last
 * good run stays on screen. Saves and loads the setup as JSON.
 */
import { memo, useRef } from 'react';
import { describeKind, type SetupField as FieldSpec } from '../../state/setup';
import type { Draft } from '../../state/draft';

export interface SetupEditorProps {
  /** The fields shown, in order (editorFields of the setup). */
  fields: readonly FieldSpec[];
  draft: Draft;
  errors: Record<string, string>;
  /** What an empty override means: the value the engine holds for the preset. */
  presetValues: Record<string, string>;
  onChange(path: string, text: string): void;
  onSaveJson(): void;
  onLoadJson(text: string): void;
  onReset(): void;
}

const GROUPS: Array<[FieldSpec['group'], string]> = [
  ['workload', 'Workload'],
  ['queue', 'Disk queue (empty: the preset\'s)'],
  ['host', 'Volume and host queue'],
  ['run', 'Run'],
  ['disk', 'Disk (empty: the preset\'s value)'],
  ['cache', 'Cache (empty: the preset\'s value)'],
];

function fieldId(path: string): string {
  return `f-${path.replace(/[.[\]]+/g, '-')}`;
}

function Field({ f, value, error, presetValue, onChange }: { f: FieldSpec; value: string; error?: string; presetValue?: string; onChange(path: string, text: string): void }) {
  const id = fieldId(f.path);
  const isOverride = f.def === undefined;
  const common = {
    id,
    name: f.path,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    title: f.help ? `${f.help} (${describeKind(f.kind)})` : describeKind(f.kind),
    'data-testid': `field-${f.path}`,
  } as const;
  let input: React.ReactNode;
  if (f.kind.type === 'enum' || f.kind.type === 'bool') {
    const options = f.kind.type === 'enum' ? f.kind.values.map((v) => [v, v]) : [['1', 'on'], ['0', 'off']];
    input = (
      <select {...common} value={value} onChange={(e) => onChange(f.path, e.target.value)}>
        {isOverride && <option value="">{presetValue !== undefined ? `preset (${presetValue})` : 'preset'}</option>}
        {options.map(([v, label]) => <option key={v} value={v}>{label}</option>)}
      </select>
    );
  } else {
    input = (
      <input
        {...common}
        inputMode="decimal"
        value={value}
        placeholder={isOverride ? (presetValue !== undefined ? `preset: ${presetValue}` : 'preset') : undefined}
        onChange={(e) => onChange(f.path, e.target.value)}
      />
    );
  }
  return (
    <div className="field">
      <label htmlFor={id}>{f.label}</label>
      {input}
      {error && <p className="error" id={`${id}-error`} role="alert" data-testid={`error-${f.path}`}>{error}</p>}
    </div>
  );
}

export const SetupEditor = memo(function SetupEditor({ fields, draft, errors, presetValues, onChange, onSaveJson, onLoadJson, onReset }: SetupEditorProps) {
  const file = useRef<HTMLInputElement>(null);
  const nErrors = Object.keys(errors).length;
  return (
    <form className="editor" onSubmit={(e) => e.preventDefault()} noValidate data-testid="setup-editor">
      {nErrors > 0 && (
        <p className="error summary" role="status" data-testid="editor-summary">
          {nErrors === 1 ? 'One field needs fixing' : `${nErrors} fields need fixing`}; the run on screen is the last good one.
        </p>
      )}
      {GROUPS.map(([group, title]) => (
        <fieldset key={group}>
          <legend>{title}</legend>
          {fields.filter((f) => f.group === group).map((f) => (
            <Field key={f.path} f={f} value={draft[f.path] ?? ''} error={errors[f.path]} presetValue={presetValues[f.path]} onChange={onChange} />
          ))}
        </fieldset>
      ))}
      <div className="buttons">
        <button type="button" onClick={onSaveJson}>Save setup (JSON)</button>
        <button type="button" onClick={() => file.current?.click()}>Load setup…</button>
        <button type="button" onClick={onReset}>Defaults</button>
        <input
          ref={file}
          type="file"
          accept="application/json,.json"
          hidden
          data-testid="load-json"
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) void f.text().then(onLoadJson);
            e.target.value = '';
          }}
        />
      </div>
    </form>
  );
});
