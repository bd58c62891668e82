import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { SluiceError } from "../../../sdk/index.js";
import { startLoopback, type Loopback } from "../../support/loopback.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";
import { pythonConnector, readPython } from "./python-connector.js";

/** A component in a connector's own package, as source-asana and source-adjust write theirs: a sibling module, and the package's data read with pkgutil. */
const COMPONENTS = `
from pkgutil import get_data

from airbyte_cdk.sources.declarative.extractors.record_extractor import RecordExtractor
from source_acme.labels import label


class Labelled(RecordExtractor):
    def extract_records(self, response):
        tag = get_data("source_acme", "tag.txt").decode().strip()
        return [{**row, "label": label(row["id"]), "tag": tag} for row in response.json()["data"]]


class NeedsSibling(RecordExtractor):
    def extract_records(self, response):
        import source_acme.missing_helpers
        return []
`;

const manifest = (url: string, className: string) => {
  const built = oneStreamManifest({ urlBase: url });
  (built.streams as Record<string, any>[])[0]!.retriever.record_selector.extractor = { type: "CustomRecordExtractor", class_name: `source_acme.components.${className}` };
  return built;
};

describe("a Python component in its connector's own package", () => {
  let api: Loopback;
  let dir: Awaited<ReturnType<typeof pythonConnector>>;
  before(async () => {
    dir = await pythonConnector("", {});
    await dir.write("source_acme/components.py", COMPONENTS);
    await dir.write("source_acme/labels.py", "def label(value):\n    return f'acme-{value}'\n");
    await dir.write("source_acme/tag.txt", "from-package\n");
    api = await startLoopback(() => ({ body: { data: [{ id: 1 }, { id: 2 }] } }));
  });
  after(async () => {
    await api.close();
    await dir.remove();
  });

  it("imports a sibling module of the package and reads the package's data with pkgutil.get_data", async () => {
    const { records, error } = await readPython(dir.dir, manifest(api.url, "Labelled"));
    assert.equal(error, undefined);
    assert.deepEqual(records, [{ id: 1, label: "acme-1", tag: "from-package" }, { id: 2, label: "acme-2", tag: "from-package" }]);
  });

  it("a sibling module the package lacks is named as the connector's missing file, not as a module to install", async () => {
    const { error } = await readPython(dir.dir, manifest(api.url, "NeedsSibling"));
    assert.ok(error instanceof SluiceError);
    assert.equal(error.code, "PYTHON_MODULE_MISSING");
    assert.equal(error.message, "source_acme.components.NeedsSibling needs source_acme.missing_helpers, a module of its own connector package, and there is no source_acme/missing_helpers.py beside its file");
    assert.doesNotMatch(String(error.expected), /pip install/);
  });
});
