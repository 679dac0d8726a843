// Bundles the page (browser) and the gateway (Node.js) with esbuild into dist/.
import { copyFileSync, mkdirSync } from "node:fs";
import * as esbuild from "esbuild";

mkdirSync("dist/page", { recursive: true });
await esbuild.build({
  entryPoints: ["src/page/main.ts"],
  bundle: true,
  format: "esm",
  platform: "browser",
  target: "es2022",
  minify: true,
  sourcemap: true,
  outfile: "dist/page/app.js",
});
for (const file of ["index.html", "style.css"]) copyFileSync(`src/page/${file}`, `dist/page/${file}`);
await esbuild.build({
  entryPoints: ["src/gateway/main.ts"],
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node18",
  outfile: "dist/gateway.mjs",
  // Node's CommonJS helpers for the bundled packages that still use require().
  banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
});
console.log("built dist/page and dist/gateway.mjs");
