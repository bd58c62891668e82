import {
  BackoffStrategy, ConfigTransformation, ErrorHandler, IncrementalCursor, PartitionRouter, RecordExtractor, RecordFilter, RecordTransformation,
  Requester, Retriever, SchemaLoader, SchemaNormalization, StateMigration, ValidationStrategy, type ComponentFactory,
} from "../../sdk/index.js";
import { customComponent } from "./custom-component.js";
import { hasMember } from "./describe-class.js";
import { guardInstance } from "./guard-instance.js";
import { PythonBackoffStrategy } from "./python/python-backoff-strategy.js";
import { pythonIncrementalSync } from "./python/python-datetime-cursor.js";
import { pythonErrorHandler } from "./python/python-error-handler.js";
import { pythonParentStreams } from "./python/python-parent-streams.js";
import { PythonPartitionRouter } from "./python/python-partition-router.js";
import { PythonRecordExtractor } from "./python/python-record-extractor.js";
import { PythonSchemaLoader } from "./python/python-schema-loader.js";
import { PythonStateMigration } from "./python/python-state-migration.js";
import { PythonRecordFilter } from "./python/python-record-filter.js";
import { pythonRequester } from "./python/python-requester.js";
import { PythonTransformation } from "./python/python-transformation.js";

/**
 * The kit's `Custom*` component types beyond pagination strategies and authenticators: a class named by
 * `class_name`, loaded from the connector folder, extending the SDK base class of its kind (imported from
 * `sluice/sdk`) and constructed with its definition's other fields, `config` and `parameters`. A
 * definition with `class_name` and no `type` where the kit expects one of these is one of these.
 *
 * @example
 * record_selector:
 *   type: RecordSelector
 *   extractor: { type: CustomRecordExtractor, class_name: source_acme.components.ItemsExtractor, root: items }
 *
 * // source_acme/components.ts
 * import { RecordExtractor, type HttpResponse } from "sluice/sdk";
 * export class ItemsExtractor extends RecordExtractor {
 *   constructor(private readonly options: { root: string }) { super(); }
 *   extract(response: HttpResponse) { return (response.json() as Record<string, unknown[]>)[this.options.root] ?? []; }
 * }
 */
export const customKindComponents: readonly ComponentFactory[] = [
  customComponent({ type: "CustomRecordExtractor", kind: "extractor", base: RecordExtractor, baseName: "RecordExtractor", methods: ["extract"],
    python: (remote) => new PythonRecordExtractor(remote),
    description: "A record extractor class from the connector folder, named by class_name" }),
  customComponent({ type: "CustomRecordFilter", kind: "record_filter", base: RecordFilter, baseName: "RecordFilter", methods: ["keep"],
    python: (remote) => new PythonRecordFilter(remote),
    description: "A record filter class from the connector folder, named by class_name" }),
  customComponent({ type: "CustomTransformation", kind: "transformation", base: RecordTransformation, baseName: "RecordTransformation", methods: ["transform"],
    python: (remote, _loaded, ctx) => new PythonTransformation(remote, ctx.config),
    description: "A record transformation class from the connector folder, named by class_name" }),
  customComponent({ type: "CustomPartitionRouter", kind: "partition_router", base: PartitionRouter, baseName: "PartitionRouter", methods: ["slices", "applyToRequest"],
    // The parent streams are built with the router, as Sluice's own SubstreamPartitionRouter builds them: a parent that cannot be built fails the build.
    python: async (remote, _loaded, ctx, def) => new PythonPartitionRouter(remote, await pythonParentStreams(def, ctx)),
    description: "A partition router class from the connector folder, named by class_name" }),
  customComponent({ type: "CustomIncrementalSync", kind: "incremental_sync", base: IncrementalCursor, baseName: "IncrementalCursor",
    methods: ["slices", "applyToRequest", "setState", "observe", "closeSlice", "state"],
    python: (remote, _loaded, ctx, def) => pythonIncrementalSync(remote, def, ctx),
    description: "An incremental cursor class from the connector folder, named by class_name" }),
  customComponent({ type: "CustomRequester", kind: "requester", base: Requester, baseName: "Requester", methods: ["buildRequest", "send"],
    python: (remote, _loaded, ctx, def) => pythonRequester(remote, def, ctx),
    description: "A requester class from the connector folder, named by class_name" }),
  customComponent({ type: "CustomErrorHandler", kind: "error_handler", base: ErrorHandler, baseName: "ErrorHandler", methods: ["decide"],
    python: (remote) => pythonErrorHandler(remote),
    description: "An error handler class from the connector folder, named by class_name" }),
  customComponent({ type: "CustomBackoffStrategy", kind: "backoff_strategy", base: BackoffStrategy, baseName: "BackoffStrategy", methods: ["backoffSeconds"],
    python: (remote) => new PythonBackoffStrategy(remote),
    description: "A backoff strategy class from the connector folder, named by class_name" }),
  customComponent({ type: "CustomSchemaLoader", kind: "schema_loader", base: SchemaLoader, baseName: "SchemaLoader", methods: ["load"],
    python: (remote) => new PythonSchemaLoader(remote),
    description: "A schema loader class from the connector folder, named by class_name" }),
  customComponent({ type: "CustomStateMigration", kind: "state_migration", base: StateMigration, baseName: "StateMigration", methods: ["shouldMigrate", "migrate"],
    python: (remote) => new PythonStateMigration(remote),
    description: "A state migration class from the connector folder, named by class_name" }),
  customComponent({ type: "CustomConfigTransformation", kind: "config_transformation", base: ConfigTransformation, baseName: "ConfigTransformation", methods: ["transform"],
    description: "A custom config transformation that can be used to transform the connector configuration." }),
  customComponent({ type: "CustomValidationStrategy", kind: "validation_strategy", base: ValidationStrategy, baseName: "ValidationStrategy", methods: ["validate"],
    description: "Custom validation strategy that allows for custom validation logic." }),
  customComponent({ type: "CustomSchemaNormalization", kind: "schema_normalization", base: SchemaNormalization, baseName: "SchemaNormalization", methods: ["transform"],
    description: "Schema normalization component whose behavior is derived from a custom code implementation of the connector." }),
  customComponent({ type: "CustomRetriever", kind: "retriever", base: Retriever, baseName: "Retriever", methods: ["sliceReader"],
    description: "A retriever class from the connector folder, named by class_name",
    // `read(stream, options, slicing)` is the earlier contract, still read through an adapter (WholeReadPartitions).
    accept: (cls) => (cls.prototype instanceof Retriever && (hasMember(cls, "sliceReader") || hasMember(cls, "read")) ? guardedRetriever : undefined) }),
];

/** A custom retriever, every call guarded (the error names the class and method). */
const guardedRetriever = (instance: unknown, loaded: { className: string; where: Parameters<typeof guardInstance>[1]["where"] }): Retriever =>
  guardInstance(instance as Retriever, { className: loaded.className, where: loaded.where });
