/**
 * The Wasmer SDK as the shell worker imports it: the SDK's browser entry, plus the two setters
 * that say where its thread workers find their modules. Those modules reach the opaque-origin
 * sandbox as blob: URLs, which the SDK cannot derive from its own URL, so the worker sets them.
 */
export * from "@wasmer/sdk";
export { setSDKUrl, setWorkerUrl } from "../../node_modules/@wasmer/sdk/pkg/wasmer_sdk_js.js";
