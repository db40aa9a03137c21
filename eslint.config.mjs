import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// The React rules (react/*, react-hooks/*, the React Compiler's among them) as Next.js configures them.
const reactRules = [...new Set([...nextVitals, ...nextTs].flatMap((entry) => Object.keys(entry.rules ?? {})))].filter(
  (rule) => rule.startsWith("react/") || rule.startsWith("react-hooks/"),
);

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [".next/**", ".next-*/**", "node_modules/**", ".data/**", "test-results/**", "playwright-report/**", "next-env.d.ts", "db/migrations/**"],
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Files without JSX or hooks (tests, scripts, route handlers, the engine, the database): the React rules have
    // nothing to check there, and the React Compiler's analysis of every function in them was over half of the
    // lint time (react-hooks/static-components alone: 20 of 37 s of rule time). Every .tsx file, components/
    // (where the hooks in .ts files live) and any use-*.ts keep every rule.
    files: ["**/*.{js,mjs,cjs,ts,mts,cts}"],
    ignores: ["components/**", "**/use-*.ts"],
    rules: Object.fromEntries(reactRules.map((rule) => [rule, "off"])),
  },
  {
    // The settings sections: one component per file (issue 45); shared wording and types live in .ts files beside them.
    files: ["components/settings/**/*.tsx"],
    rules: { "react/no-multi-comp": ["error", { ignoreStateless: false }] },
  },
];

export default config;
