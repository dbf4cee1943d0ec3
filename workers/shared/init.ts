import { INIT_HANDOFF, type WorkerInit } from "../../src/sandbox/protocol";

/**
 * Takes the init the classic bootstrap received, removing the hand-off so that nothing run later
 * can reach the private port through it.
 */
export function takeInit(): WorkerInit {
  const scope = self as unknown as Record<string, unknown>;
  const take = scope[INIT_HANDOFF];
  delete scope[INIT_HANDOFF];
  if (typeof take !== "function") throw new Error("worker started without its init");
  return take() as WorkerInit;
}
