/*
 * setupV1.ts — reading version 1 of the setup (links `?v=1&disk=…` and saved
 * files `{"version": 1, "preset": …}`) as a version 2 setup. Frozen: version
 * 1 is what existing links and files say, and must keep meaning the same run.
 *
 * Version 1 had one disk and flat keys. Its keys map onto device 0 (the
 * preset, its overrides, its scheduler and queue depth) and onto the same
 * workload, seed and view fields as version 2. One rule differs: version 1
 * always set the disk's scheduler and queue depth (fcfs and 1 when the link
 * did not say), where version 2 keeps the preset's own unless told; so a
 * version 1 setup becomes device 0 with those two overrides always set.
 */
import { checkValue, fieldName, quoteRaw, type ProblemList } from './fields';
import { DEVICE_FIELD_BY_PATH, SETUP_FIELD_BY_PATH, type RawSetup, type SetupField } from './setup';

/** What version 1 used when a link or file did not name the scheduler or queue depth. */
export const V1_SCHEDULER = 'fcfs';
export const V1_QUEUE_DEPTH = 1;

/** Version 1's URL keys and the version 1 path each stood for. */
export const V1_KEYS: Readonly<Record<string, string>> = {
  disk: 'preset', seed: 'seed',
  n: 'workload.count', arrive: 'workload.arrivals', out: 'workload.outstanding', think: 'workload.thinkMs',
  rate: 'workload.ratePerS', pattern: 'workload.pattern', dist: 'workload.sizeDist', size: 'workload.sizeSectors',
  max: 'workload.sizeMaxSectors', tracks: 'workload.sizeTracks', read: 'workload.readFraction',
  from: 'workload.regionFirstLbn', len: 'workload.regionLbns', align: 'workload.align',
  sched: 'scheduler', qd: 'queueDepth',
  rpm: 'disk.rpm', hsw: 'disk.headSwitchMs', csw: 'disk.cylSwitchMs', wsettle: 'disk.writeSettleMs', zl: 'disk.zeroLatency',
  rover: 'disk.readOverheadMs', wover: 'disk.writeOverheadMs', bus: 'disk.busMsPerSector', fence: 'disk.readFenceSectors',
  segs: 'cache.segments', segsize: 'cache.segmentSectors', ra: 'cache.readAhead', wc: 'cache.writeCache',
  tab: 'view.tab', slow: 'view.slow',
};

/** Version 1's paths (its JSON document's layout). */
export const V1_PATHS: ReadonlySet<string> = new Set(Object.values(V1_KEYS));
/** Groups of a version 1 JSON document (objects of fields). */
export const V1_GROUPS: ReadonlySet<string> = new Set(['workload', 'disk', 'cache', 'view']);

/** Keys only version 1 links have at the top level (a link without `v` that uses them is version 1). */
export const V1_ONLY_KEYS: ReadonlySet<string> = new Set(
  Object.entries(V1_KEYS).filter(([, p]) => !SETUP_FIELD_BY_PATH.has(p)).map(([k]) => k),
);

/** Where a version 1 path lives in version 2: a device-0 field (relative path) or a setup field. */
export function v1Target(v1Path: string): { device: SetupField } | { setup: SetupField } | undefined {
  if (v1Path === 'preset') return { device: DEVICE_FIELD_BY_PATH.get('preset')! };
  if (v1Path === 'scheduler' || v1Path === 'queueDepth') return { device: DEVICE_FIELD_BY_PATH.get(`overrides.${v1Path}`)! };
  const [group, name] = v1Path.split('.');
  if ((group === 'disk' || group === 'cache') && name) {
    const f = DEVICE_FIELD_BY_PATH.get(`overrides.${name}`);
    return f && f.group === group ? { device: f } : undefined;
  }
  const f = SETUP_FIELD_BY_PATH.get(v1Path);
  return f ? { setup: f } : undefined;
}

/**
 * A version 2 raw setup from version 1's raw values by version 1 path. A
 * scheduler or queue depth that is absent or bad is version 1's default, as
 * version 1 ran it (a bad one is reported).
 */
export function rawFromV1(values: Iterable<[string, unknown]>, problems: ProblemList): RawSetup {
  const device = new Map<string, unknown>();
  const fields = new Map<string, unknown>();
  for (const [path, value] of values) {
    const t = v1Target(path);
    if (!t) {
      problems.push({ field: fieldName(path, 'link'), message: `${quoteRaw(path)} is not a setting of version 1`, used: 'nothing (ignored)' });
    } else if ('device' in t) device.set(t.device.path, value);
    else fields.set(t.setup.path, value);
  }
  for (const [rel, def] of [['overrides.scheduler', V1_SCHEDULER], ['overrides.queueDepth', V1_QUEUE_DEPTH]] as const) {
    const f = DEVICE_FIELD_BY_PATH.get(rel)!;
    if (!device.has(rel)) device.set(rel, def);
    else {
      const c = checkValue(f, device.get(rel));
      if (!c.ok) {
        problems.push({ field: `devices[0].${rel}`, message: c.message, used: String(def) });
        device.set(rel, def);
      }
    }
  }
  return { devices: [{ values: device }], fields };
}
