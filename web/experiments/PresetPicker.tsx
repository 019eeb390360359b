/*
 * PresetPicker — an experiment page's list of its published presets
 * (presets/experiments/*.json whose link opens the page). The entry shown is
 * the preset whose setup equals the page's (compared through the page's own
 * URL codec, so a link written with other key order or defaults still
 * matches); any other setup reads "your own setup". Choosing one replaces the
 * page's setup with the preset's.
 */
import { pagePresets } from '../experimentPresets';

export interface PresetPickerProps<S> {
  /** The page's id (its folder, web/pages/<id>/). */
  pageId: string;
  setup: S;
  encode: (s: S) => string;
  /** A preset's link to a setup (its problems, if any, are the preset's own test's business). */
  decode: (url: string) => S;
  onChoose: (s: S) => void;
  testId: string;
}

export function PresetPicker<S>({ pageId, setup, encode, decode, onChoose, testId }: PresetPickerProps<S>) {
  const presets = pagePresets(pageId);
  const current = encode(setup);
  const now = presets.find((p) => encode(decode(p.url)) === current);
  const choose = (id: string) => {
    const p = presets.find((x) => x.id === id);
    if (p) onChoose(decode(p.url));
  };
  return (
    <label>Experiment{' '}
      <select value={now?.id ?? ''} onChange={(e) => choose(e.target.value)} data-testid={testId} aria-label="Experiment preset">
        {!now && <option value="">your own setup</option>}
        {presets.map((p) => <option key={p.id} value={p.id} title={p.description}>{p.name}</option>)}
      </select>
    </label>
  );
}
