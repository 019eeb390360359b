/*
 * loadEngine.ts — instantiates the engine's wasm, a standalone module (no
 * Emscripten JS glue): build/spindle-core.wasm (the core, what most pages
 * load) or build/spindle.wasm (the core and the experiments). The module declares its own imports; we read them with
 * WebAssembly.Module.imports and give each a minimal stub, so the loader keeps
 * working if the C side starts to use, say, a WASI clock. The engine does no
 * I/O, so none of these stubs should ever do real work.
 */

import { BOUND_FUNCTIONS, Engine, EngineError, type SpExports } from './engine';
import { Status } from './constants';

/** Where the wasm bytes come from: bytes, a compiled module, or a fetch() response. */
export type EngineSource = BufferSource | WebAssembly.Module | Response | Promise<Response>;

const WASI_ERRNO_NOSYS = 52;
const WASI_ERRNO_BADF = 8;

/** Thrown by the proc_exit stub: the engine never exits, so reaching it is a bug. */
export class WasmExit extends Error {
  constructor(readonly code: number) {
    super(`the engine called proc_exit(${code})`);
    this.name = 'WasmExit';
  }
}

function stubFor(module: string, name: string, getMemory: () => WebAssembly.Memory | undefined): (...args: number[]) => number | void {
  if (module === 'env' && name === 'emscripten_notify_memory_growth') {
    // Views over memory are re-created lazily when memory.buffer changes.
    return () => {};
  }
  if (module === 'wasi_snapshot_preview1') {
    switch (name) {
      case 'proc_exit':
        return (code: number) => { throw new WasmExit(code); };
      case 'fd_close':
      case 'fd_seek':
      case 'fd_read':
        return () => WASI_ERRNO_BADF;
      case 'fd_write':
        // Output from a stray printf: count the bytes as written, drop them.
        return (_fd: number, iovs: number, iovsLen: number, nwritten: number) => {
          const mem = getMemory();
          if (!mem) return WASI_ERRNO_BADF;
          const dv = new DataView(mem.buffer);
          let total = 0;
          for (let i = 0; i < iovsLen; i++) total += dv.getUint32(iovs + 8 * i + 4, true);
          dv.setUint32(nwritten, total, true);
          return 0;
        };
      case 'environ_sizes_get':
      case 'args_sizes_get':
        return (countPtr: number, sizePtr: number) => {
          const mem = getMemory();
          if (!mem) return WASI_ERRNO_BADF;
          const dv = new DataView(mem.buffer);
          dv.setUint32(countPtr, 0, true);
          dv.setUint32(sizePtr, 0, true);
          return 0;
        };
      case 'environ_get':
      case 'args_get':
        return () => 0;
      default:
        return () => WASI_ERRNO_NOSYS;
    }
  }
  return () => {
    throw new Error(`the engine called an import the loader does not provide: ${module}.${name}`);
  };
}

/** Builds an import object with one stub per function the module imports. */
export function engineImports(module: WebAssembly.Module, getMemory: () => WebAssembly.Memory | undefined): WebAssembly.Imports {
  const imports: Record<string, Record<string, WebAssembly.ImportValue>> = {};
  for (const imp of WebAssembly.Module.imports(module)) {
    if (imp.kind !== 'function') {
      throw new Error(`the engine module imports a ${imp.kind} (${imp.module}.${imp.name}); only functions are supported`);
    }
    (imports[imp.module] ??= {})[imp.name] = stubFor(imp.module, imp.name, getMemory);
  }
  return imports;
}

async function compile(source: EngineSource): Promise<WebAssembly.Module> {
  if (source instanceof WebAssembly.Module) return source;
  if (ArrayBuffer.isView(source) || source instanceof ArrayBuffer) return WebAssembly.compile(source);
  const response = await source;
  if (!response.ok) throw new Error(`could not load the engine: HTTP ${response.status} for ${response.url}`);
  return WebAssembly.compile(await response.arrayBuffer());
}

/**
 * The module's exports, and for each bound function the build left out (the
 * core build has none of the experiments': file system, 2-D table, track
 * extraction) one that throws a message saying so, rather than a TypeError.
 */
function withMissing(exported: WebAssembly.Exports): SpExports & { _initialize?: () => void } {
  const out: Record<string, unknown> = { ...exported };
  for (const fn of BOUND_FUNCTIONS) {
    if (typeof out[fn] === 'function') continue;
    out[fn] = () => {
      throw new EngineError(Status.State, `${fn}: not in this build of the engine (the core build, spindle-core.wasm, ` +
        'leaves out the experiments); a page that runs them asks for the full build (engine: \'full\' in its manifest)', fn);
    };
  }
  return out as unknown as SpExports & { _initialize?: () => void };
}

/** Compiles (if needed) and instantiates the engine, then runs its _initialize. */
export async function loadEngine(source: EngineSource): Promise<Engine> {
  const module = await compile(source);
  let memory: WebAssembly.Memory | undefined;
  const instance = await WebAssembly.instantiate(module, engineImports(module, () => memory));
  const exports = withMissing(instance.exports);
  memory = exports.memory;
  if (typeof exports._initialize === 'function') exports._initialize();
  return new Engine(exports);
}
