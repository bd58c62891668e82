import { definePlugin } from "../../sdk/index.js";
import { ConfigNormalizationRulesComponent } from "./config-normalization-rules.js";
import { ConfigMigrationComponent } from "./config-migration.js";
import { ConfigRemapFieldComponent } from "./config-remap-field.js";
import { ConfigAddFieldsComponent } from "./config-add-fields.js";
import { ConfigRemoveFieldsComponent } from "./config-remove-fields.js";
import { DpathValidatorComponent } from "./dpath-validator.js";
import { PredicateValidatorComponent } from "./predicate-validator.js";
import { ValidateAdheresToSchemaComponent } from "./validate-adheres-to-schema.js";

export { ConfigNormalizationRules } from "./config-normalization-rules.js";

/** The spec's `config_normalization_rules`: config migrations, transformations and validations. */
export const configPlugin = definePlugin({
  name: "sluice:config",
  register(ctx) {
    ctx.registerComponent(ConfigNormalizationRulesComponent);
    ctx.registerComponent(ConfigMigrationComponent);
    ctx.registerComponent(ConfigRemapFieldComponent);
    ctx.registerComponent(ConfigAddFieldsComponent);
    ctx.registerComponent(ConfigRemoveFieldsComponent);
    ctx.registerComponent(DpathValidatorComponent);
    ctx.registerComponent(PredicateValidatorComponent);
    ctx.registerComponent(ValidateAdheresToSchemaComponent);
  },
});
