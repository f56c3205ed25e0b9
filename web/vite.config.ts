/// <reference types="vitest/config" />
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath, URL } from "node:url";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";

// dist/ is emptied on each build; the committed dist/.keep must survive so that
// `//go:embed all:dist` compiles even before the first web build.
function keepDistPlaceholder(): Plugin {
  return {
    name: "keep-dist-placeholder",
    apply: "build",
    closeBundle() {
      writeFileSync(fileURLToPath(new URL("./dist/.keep", import.meta.url)), "");
    },
  };
}

// The menu page's first load as one script: every module that the entry, the
// storefront layout and the menu route import statically (first-load.json; the
// rest of the app stays in lazy chunks). Without it the first load was ~20
// scripts of 1–6 KB, most of them modules shared with a lazy screen (checkout,
// admin), and a phone on HTTP/1.1 fetches six at a time, a round trip per wave.
const firstLoadRoots = (
  JSON.parse(readFileSync(new URL("./first-load.json", import.meta.url), "utf8")) as { roots: string[] }
).roots.map((f) => fileURLToPath(new URL(`./${f}`, import.meta.url)));

function firstLoadChunk() {
  let closure: Set<string> | null = null;
  return {
    name(id: string, ctx: { getModuleInfo(id: string): { importedIds: readonly string[] } | null }) {
      if (!closure) {
        closure = new Set();
        const todo = [...firstLoadRoots];
        while (todo.length > 0) {
          const m = todo.pop()!;
          if (closure.has(m)) continue;
          closure.add(m);
          todo.push(...(ctx.getModuleInfo(m)?.importedIds ?? []));
        }
      }
      return closure.has(id) ? "app" : null;
    },
  };
}

// React DOM's client, imported by main.tsx when the app starts (so that it
// evaluates in a task of its own), is fetched beside the entry: index.html
// preloads its chunk.
function preloadReactDomClient(): Plugin {
  return {
    name: "preload-react-dom-client",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find(
          (c) =>
            c.type === "chunk" &&
            c.isDynamicEntry &&
            /react-dom[\\/]client\.js$/.test(c.facadeModuleId ?? ""),
        );
        if (!chunk)
          throw new Error("preload-react-dom-client: no chunk for react-dom/client (see src/main.tsx)");
        return [
          {
            tag: "link",
            attrs: { rel: "modulepreload", crossorigin: true, href: `/${chunk.fileName}` },
            injectTo: "head",
          },
        ];
      },
    },
  };
}

// The SPA is embedded in the Go binary from web/dist (see web/embed.go).
export default defineConfig({
  plugins: [react(), keepDistPlaceholder(), preloadReactDomClient()],
  base: "/",
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    assetsDir: "assets",
    sourcemap: false,
    // dist/.vite/manifest.json: the server reads it to preload each route's
    // chunks from the first HTML (internal/httpapi/shell.go).
    // bench/bundle-size.mjs (run by `make test`) measures the menu page's first load from it too.
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: [firstLoadChunk()] } } },
  },
  server: {
    proxy: { "/api": "http://localhost:8080" },
  },
  // Two projects, told apart by the file name: *.test.ts is pure logic and runs in
  // Node (no jsdom to start: most of the suite's time was jsdom start-up, once per
  // file); *.test.tsx renders or needs the browser's window, localStorage or
  // history, and runs in jsdom. A .ts test that touches the DOM fails with
  // "window is not defined": rename it to .tsx.
  test: {
    globals: false,
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          environment: "node",
          setupFiles: ["./src/test/setup-node.ts"],
          include: ["src/**/*.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "jsdom",
          environment: "jsdom",
          testTimeout: 120_000, // several waits (setup.ts: up to 30 s each) may add up on a busy machine
          setupFiles: ["./src/test/setup.ts"],
          include: ["src/**/*.test.tsx"],
        },
      },
    ],
  },
});
