declare module "virtual:guest-package:*" {
  /** A userland package as one CommonJS module body, for the QuickJS guest (vite.config.ts). */
  const source: string;
  export default source;
}
