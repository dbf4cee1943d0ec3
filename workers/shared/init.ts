import { takeOneShotGlobal } from "../../src/sandbox/handoff";
import { INIT_HANDOFF, type WorkerInit } from "../../src/sandbox/protocol";

/**
 * Takes the init the classic bootstrap received, removing the hand-off so that nothing run later
 * can reach the private port through it.
 */
export function takeInit(): WorkerInit {
  return takeOneShotGlobal<WorkerInit>(INIT_HANDOFF, "worker started without its init");
}
