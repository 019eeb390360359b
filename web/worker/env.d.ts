/// <reference types="vite/types/importMeta.d.ts" />
// Vite's import.meta.glob (each page's methods, engineService.ts) and its ?url imports, typed for
// the worker (vite/client's types assume a DOM).
declare module '*?url' {
  const url: string;
  export default url;
}
