/**
 * A one-shot global: how a bootstrap script (plain source, run before any module) hands a value
 * to the module it imports. The module takes it exactly once and removes it, so nothing that
 * runs later can reach the value (a private port) through the global scope.
 */

/** Source that defines the global `name` returning the bootstrap's variable `variable` once. */
export function oneShotGlobalSource(name: string, variable: string): string {
  return `Object.defineProperty(self, ${JSON.stringify(name)}, {
    configurable: true,
    value: (function () {
      var taken = false;
      return function () {
        if (taken) throw new Error(${JSON.stringify(`${variable} already taken`)});
        taken = true;
        return ${variable};
      };
    })(),
  });`;
}

/** Takes the value a bootstrap left under `name`, and removes the global. */
export function takeOneShotGlobal<T>(name: string, missing: string): T {
  const scope = self as unknown as Record<string, unknown>;
  const take = scope[name];
  delete scope[name];
  if (typeof take !== "function") throw new Error(missing);
  return take() as T;
}
