// Vite's ?url imports, typed for the worker (vite/client's types assume a DOM).
declare module '*?url' {
  const url: string;
  export default url;
}
