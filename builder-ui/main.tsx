import { render } from "preact";
import { api } from "./api-client.js";
import { setComponentSchemas } from "./forms/component-schemas.js";
import { App, FIELD_PATHS } from "./view/app.js";

// The page's entry point: bundled with esbuild into dist/builder-ui/app.js (scripts/build-builder-ui.mjs).
const root = document.getElementById("app")!;
// The first analysis comes before the page is drawn: the forms never show empty fields while it is on its way.
api.session().then(
  async (session) => {
    document.title = `Sluice Builder · ${session.dir.split(/[\\/]/).filter(Boolean).at(-1) ?? ""}`;
    // The forms read their fields' types from the registered components' schemas (builder-ui/forms/).
    setComponentSchemas(session.componentSchemas);
    const analysis = await api.analyze(session.manifest.text, FIELD_PATHS, session.testingValues).catch(() => undefined);
    root.replaceChildren();
    render(<App session={session} initialAnalysis={analysis} />, root);
  },
  (error: Error) => {
    root.textContent = `The Builder could not open the connector folder: ${error.message}`;
  },
);
