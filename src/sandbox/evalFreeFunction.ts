/**
 * The one string-built function the runtimes need: wasm-bindgen's variadic adapter
 * (`js_sys::Function::new_with_args`), which the Wasmer SDK creates as
 * `new Function("f", "return f(Array.prototype.slice.call(arguments, 1))")`. The sandbox's CSP
 * forbids compiling strings, so this form is answered with an equivalent closure.
 */
export const VARIADIC_ADAPTER_PARAMS = "f";
export const VARIADIC_ADAPTER_BODY = "return f(Array.prototype.slice.call(arguments, 1))";

function variadicAdapter(): (f: (args: unknown[]) => unknown, ...rest: unknown[]) => unknown {
  return (f, ...rest) => f(rest);
}

/**
 * A `Function` constructor that builds the variadic adapter without compiling anything and
 * hands every other call to `otherwise` (a thrower, or the real constructor, which the CSP stops).
 */
export function evalFreeFunction(otherwise: (...args: string[]) => unknown): FunctionConstructor {
  function EvalFreeFunction(...args: string[]): unknown {
    if (
      args.length === 2 &&
      args[0] === VARIADIC_ADAPTER_PARAMS &&
      args[1] === VARIADIC_ADAPTER_BODY
    ) {
      return variadicAdapter();
    }
    return otherwise(...args);
  }
  EvalFreeFunction.prototype = Function.prototype;
  return EvalFreeFunction as unknown as FunctionConstructor;
}

/**
 * The same, as source for a classic nested worker's bootstrap (a string: the worker is a blob).
 * Kept beside the TypeScript version so both answer exactly the same call.
 */
export const EVAL_FREE_FUNCTION_SOURCE = `(function () {
  var NativeFunction = self.Function;
  function EvalFreeFunction() {
    if (arguments.length === 2 && arguments[0] === ${JSON.stringify(VARIADIC_ADAPTER_PARAMS)} &&
        arguments[1] === ${JSON.stringify(VARIADIC_ADAPTER_BODY)}) {
      return function (f) { return f(Array.prototype.slice.call(arguments, 1)); };
    }
    return NativeFunction.apply(null, arguments);
  }
  EvalFreeFunction.prototype = NativeFunction.prototype;
  Object.defineProperty(self, "Function", { value: EvalFreeFunction, configurable: true, writable: true });
})();`;
