// Vite builds `?worker` imports into a worker script of this origin and answers its constructor.
declare module 'altcha/workers/sha?worker' {
  const ShaWorker: new () => Worker;
  export default ShaWorker;
}
