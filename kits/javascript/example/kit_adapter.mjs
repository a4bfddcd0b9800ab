// The example engine of engine.mjs, served over protocol 1:
//
//   seven-rocks-conformance run --engine "node kits/javascript/example/kit_adapter.mjs"
//
// Cases of `hand`, `game` and `perft` are reported as skipped.

import { engine } from "./engine.mjs";

engine.run();
