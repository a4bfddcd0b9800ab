// The CommonJS entry point and its types, bundled from what tsc writes (npm run build).
import { dts } from "rollup-plugin-dts";

const banner = "// Built from src/ by npm run build (python -m tools.regenerate): do not edit.";

export default [
  {
    input: "seven-rocks-kit.mjs",
    output: { file: "seven-rocks-kit.cjs", format: "cjs", banner },
  },
  {
    input: "seven-rocks-kit.d.mts",
    output: { file: "seven-rocks-kit.d.cts", format: "es", banner },
    plugins: [dts()],
  },
];
