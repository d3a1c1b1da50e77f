// ESLint guards the front end's import boundaries (docs/architecture.md,
// "Front end") and nothing else: no style rules. Zones, by resolved path:
//   - a feature (src/features/X) imports no other feature;
//   - lib imports no components, features, blocks or app;
//   - components import no features or app;
//   - a staff area (src/staff/X) imports only itself and the staff shell,
//     and the visitors' app imports nothing of the staff app.
// Shared code lives in components/ or lib/. A new feature folder is covered
// as soon as it exists: the feature zones are built from the directory.
import { readdirSync } from "node:fs";
import tseslint from "typescript-eslint";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";

// The staff app's areas (src/staff/X): each imports only itself and the
// shell; the shell imports the route table (which loads the areas lazily).
const staffAreas = readdirSync(new URL("./src/staff", import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== "shell")
  .map((d) => d.name);

const features = readdirSync(new URL("./src/features", import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

function zones({ libMayImportComponents = [] } = {}) {
  return [
    ...features.map((name) => ({
      target: `./src/features/${name}`,
      from: "./src/features",
      except: [`./${name}`],
      message: "features do not import each other: move what both need to components/ or lib/.",
    })),
    {
      target: "./src/lib",
      from: "./src/components",
      except: libMayImportComponents,
      message: "lib is the bottom layer: it imports no components.",
    },
    {
      target: "./src/lib",
      from: ["./src/features", "./src/blocks", "./src/app"],
      message: "lib is the bottom layer: it imports no features, blocks or app.",
    },
    {
      target: "./src/components",
      from: ["./src/features", "./src/app"],
      message: "shared components import no features or app: pass what they need as props.",
    },
    ...staffAreas.map((name) => ({
      target: `./src/staff/${name}`,
      from: "./src/staff",
      except: [`./${name}`, "./shell"],
      message: "staff areas do not import each other: move what both need to staff/shell/.",
    })),
    {
      target: "./src/staff/shell",
      from: "./src/staff",
      except: ["./shell", "./routes.tsx"],
      message: "the staff shell imports only itself and the route table.",
    },
    {
      target: ["./src/app", "./src/blocks", "./src/features", "./src/components", "./src/lib"],
      from: "./src/staff",
      message: "the visitors' app imports nothing of the staff app (its own entry, its own bundle).",
    },
  ];
}

const rule = "import-x/no-restricted-paths";

export default [
  { ignores: ["dist/**", "node_modules/**"] },
  {
    files: ["src/**/*.{ts,tsx}"],
    languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
    // The code carries disable comments for rules of typescript-eslint,
    // react-hooks and ESLint's core (written with those rules in mind); the
    // plugins are registered so the comments name known rules, but only the
    // boundary rule is on, so those comments suppress nothing here.
    linterOptions: { reportUnusedDisableDirectives: "off" },
    plugins: { "import-x": importX, "@typescript-eslint": tseslint.plugin, "react-hooks": reactHooks },
    settings: {
      // Resolves relative imports to files, so zones compare real paths.
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] })],
    },
    rules: { [rule]: ["error", { zones: zones() }] },
  },
  // Exceptions that exist today; this list may only shrink.
  {
    // The inline field editing of lib/fields.tsx lazily loads the editor
    // (its own chunk, only when an editor edits). Removing the edge means
    // moving the editable field components (Text, RichText, Img, …, used by
    // ~35 modules) out of lib into components/: a restructure of its own.
    files: ["src/lib/fields.tsx"],
    rules: { [rule]: ["error", { zones: zones({ libMayImportComponents: ["./editor/field-editor.tsx"] }) }] },
  },
];
