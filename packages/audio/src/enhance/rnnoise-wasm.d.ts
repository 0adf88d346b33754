// The package ships JavaScript only: its one export is Emscripten's module factory.
declare module '@echogarden/rnnoise-wasm' {
  const createRnnoiseModule: () => Promise<unknown>;
  export default createRnnoiseModule;
}
