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

/** The play button's face while the runs play. */
const PAUSE = { icon: '❚❚', label: 'Pause' };

/** Every button's title while the runs load. */
const LOADING_TITLE = 'The runs are loading: playback starts when the engine has begun them';

/** Every button's title once a run could not begin. */
const FAILED_TITLE = 'A run could not begin: nothing plays until the setup changes (the clock leads to why)';

/**
 * `loading`: no run can play yet, so every button waits (disabled) and none claims the runs play;
 * `failed`: one never will (its title says so).
 */
export function TransportButtons({ actions, hook, loading = false, failed = false }: {
  actions: TransportActions; hook(control: TransportControl): Record<string, string>; loading?: boolean; failed?: boolean;
}) {
  const waitTitle = failed ? FAILED_TITLE : LOADING_TITLE;
  const playing = actions.playing && !loading;
  return (
    <>
      {ORDER.map((control) => {
        const b = BUTTONS[control];
        const face = control === 'play' ? (playing ? PAUSE : { icon: b.icon, label: b.label }) : b;
        return (
          <button key={control} type="button" onClick={() => actions[b.action]()} title={loading ? waitTitle : b.title} {...hook(control)}
            disabled={loading} {...(control === 'play' ? { 'aria-pressed': playing } : {})}>
            <Labelled icon={face.icon} label={face.label} after={b.after}
              other={control === 'play' ? (playing ? { icon: b.icon, label: b.label } : PAUSE) : undefined} />
          </button>
        );
      })}
    </>
  );
}

/**
 * A control's icon and its name: the name is its accessible name, shown beside the icon unless a compact bar hides it (stage.css).
 * `other`: the face the control takes in its other state (Play ⇄ Pause). Each part keeps room for the wider of its two
 * faces (the other drawn unseen in the same place, stage.css), so the control's width, and the bar's rows, never change
 * when it turns; the unseen face is named to no one (its CSS content has an empty alternative text).
 */
export function Labelled({ icon, label, after = false, other }: { icon: string; label: string; after?: boolean; other?: { icon: string; label: string } }) {
  const i = <span className="stage-icon" aria-hidden="true" data-other={other?.icon}>{other ? <span>{icon}</span> : icon}</span>;
  const l = <span className="stage-label" data-other={other?.label}>{other ? <span>{label}</span> : label}</span>;
  return after ? <>{l}{i}</> : <>{i}{l}</>;
}

/** A speed as the speed lists name it. */
export const speedLabel = (slow: number): string => (slow === 1 ? 'real time' : `1/${slow} speed`);
