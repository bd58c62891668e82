import { render } from "preact";
import { api } from "./api-client.js";
import { setComponentSchemas } from "./forms/component-schemas.js";
import { App } from "./view/app.js";

// The page's entry point: bundled with esbuild into dist/builder-ui/app.js (scripts/build-builder-ui.mjs).
const root = document.getElementById("app")!;
api.session().then(
  (session) => {
    document.title = `Sluice Builder · ${session.dir.split(/[\\/]/).filter(Boolean).at(-1) ?? ""}`;
    // The forms read their fields' types from the registered components' schemas (builder-ui/forms/).
    setComponentSchemas(session.componentSchemas);
    root.replaceChildren();
    render(<App session={session} />, root);
  },
  (error: Error) => {
    root.textContent = `The Builder could not open the connector folder: ${error.message}`;
  },
);
