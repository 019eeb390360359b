/* The home view's picture of validation: the measured and the model's response-time distributions, drawn in SVG in the palette's colours. */
import { Frame } from '../../home/pictures';
import { OKABE_ITO as C, ROLE } from '../../lib/palette';

export function ValidatePicture() {
  // Two cumulative distributions, measured and model, nearly on top of each other.
  return (
    <Frame>
      <path d="M 18 10 L 18 88 L 150 88" fill="none" stroke={ROLE.muted} />
      <path d="M 20 86 C 40 84, 50 40, 70 30 S 120 16, 148 14" fill="none" stroke={C.black} strokeWidth={2.5} />
      <path d="M 20 86 C 42 82, 54 44, 72 33 S 122 18, 148 15" fill="none" stroke={C.sky} strokeWidth={2.5} strokeDasharray="5 3" />
    </Frame>
  );
}
