import { readdirSync } from "node:fs";
import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import reactRefresh from "eslint-plugin-react-refresh";
import tseslint from "typescript-eslint";

// Import boundaries (bulletproof-react): code flows shared -> features -> app.
// A feature may not import another feature, and nothing below app/ may import app/
// except the route-path helpers in app/paths.ts, which are plain data.
const features = readdirSync(new URL("./src/features", import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const featureBoundaries = features.map((feature) => ({
  files: [`src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          {
            group: ["@/features/*", `!@/features/${feature}`, `!@/features/${feature}/**`],
            message: "Features must not import each other; compose them in src/app.",
          },
          {
            // A relative path that climbs out of the feature could reach another one;
            // inside a feature go up at most one level, otherwise use "@/".
            regex: "^\\.\\./\\.\\./",
            message: 'Use an "@/" import instead of climbing two levels (import boundaries).',
          },
          {
            group: ["@/app/*", "!@/app/paths"],
            message: "Features may use only @/app/paths from the app layer.",
          },
        ],
      },
    ],
  },
}));

const sharedBoundaries = {
  files: ["src/{components,lib,stores,i18n,hooks,utils}/**/*.{ts,tsx}"],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          { group: ["@/features/*", "**/features/**"], message: "Shared code must not import features." },
          { group: ["@/app/*", "!@/app/paths"], message: "Shared code must not import the app layer." },
        ],
      },
    ],
  },
};

export default tseslint.config(
  { ignores: ["dist", "node_modules", "src/lib/api/schema.d.ts"] },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ["**/*.{ts,tsx}"],
    languageOptions: { ecmaVersion: 2022, globals: globals.browser },
    plugins: { "react-hooks": reactHooks, "react-refresh": reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "react-refresh/only-export-components": ["warn", { allowConstantExport: true }],
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", ignoreRestSiblings: true }],
    },
  },
  ...featureBoundaries,
  sharedBoundaries,
  {
    files: ["*.config.{js,ts}"],
    languageOptions: { globals: globals.node },
  },
);
