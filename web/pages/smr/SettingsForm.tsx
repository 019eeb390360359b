/*
 * SettingsForm — the SMR page's settings from its field table, one list,
 * each field's help under it (the shared form: web/experiments/SettingsForm).
 * A bad value is refused with the codec's message naming the field, and the
 * runs on the stage stay.
 */
import { SettingsForm as Form, type Draft } from '../../experiments/SettingsForm';
import { SMR_FIELDS, decodeSmrSetup, type SmrSetup } from './setup';

// The operations list is the page's, not the form's: an empty one reads as the default.
const decode = (draft: Draft) => decodeSmrSetup(`?${new URLSearchParams(draft).toString()}&ops=`);

export function SettingsForm({ setup, onApply }: { setup: SmrSetup; onApply: (s: SmrSetup) => void }) {
  return <Form setup={setup} fields={SMR_FIELDS} decode={decode} onApply={onApply} prefix="smr" stays="The runs on the stage stay." helpUnder />;
}
