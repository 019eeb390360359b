/*
 * Transport — the playback buttons, one vocabulary on every page: the
 * stage's bar and the explorer's header show the same icons and the same
 * names (each button's accessible name is its name; the icon is hidden from
 * assistive technology), with the same keys in their titles. Each page
 * marks the buttons with the hooks its tests read (`hook`).
 */
export interface TransportActions {
  playing: boolean;
  togglePlay(): void;
  back(): void;
  stepEvent(): void;
  stepRequest(): void;
  restart(): void;
}

/** The buttons, in their order on screen. */
export type TransportControl = 'play' | 'back' | 'step' | 'step-request' | 'restart';

/** Each button's icon, name and title (its key); the play button's while paused. */
const BUTTONS: Record<TransportControl, { icon: string; label: string; title: string; action: keyof Omit<TransportActions, 'playing'>; after?: boolean }> = {
  play: { icon: '▶', label: 'Play', title: 'Play or pause (Space)', action: 'togglePlay' },
  back: { icon: '❘◀', label: 'Back', title: 'Back to the previous event (←)', action: 'back' },
  step: { icon: '▶❘', label: 'Step event', title: 'Step to the next event (→)', action: 'stepEvent', after: true },
  'step-request': { icon: '▶▶', label: 'Step request', title: 'Step to the next completion (Shift+→)', action: 'stepRequest', after: true },
  restart: { icon: '⟲', label: 'Restart', title: 'Restart (R)', action: 'restart' },
};

const ORDER = Object.keys(BUTTONS) as TransportControl[];

/** Every button's title while the runs load. */
const LOADING_TITLE = 'The runs are loading: playback starts when the engine has begun them';

/** `loading`: no run can play yet, so every button waits (disabled) and none claims the runs play. */
export function TransportButtons({ actions, hook, loading = false }: {
  actions: TransportActions; hook(control: TransportControl): Record<string, string>; loading?: boolean;
}) {
  const playing = actions.playing && !loading;
  return (
    <>
      {ORDER.map((control) => {
        const b = BUTTONS[control];
        const pause = control === 'play' && playing;
        return (
          <button key={control} type="button" onClick={() => actions[b.action]()} title={loading ? LOADING_TITLE : b.title} {...hook(control)}
            disabled={loading} {...(control === 'play' ? { 'aria-pressed': playing } : {})}>
            <Labelled icon={pause ? '❚❚' : b.icon} label={pause ? 'Pause' : b.label} after={b.after} />
          </button>
        );
      })}
    </>
  );
}

/** A control's icon and its name: the name is its accessible name, shown beside the icon unless a compact bar hides it (stage.css). */
export function Labelled({ icon, label, after = false }: { icon: string; label: string; after?: boolean }) {
  const i = <span className="stage-icon" aria-hidden="true">{icon}</span>;
  return after ? <><span className="stage-label">{label}</span>{i}</> : <>{i}<span className="stage-label">{label}</span></>;
}

/** A speed as the speed lists name it. */
export const speedLabel = (slow: number): string => (slow === 1 ? 'real time' : `1/${slow} speed`);
