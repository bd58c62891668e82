import type { SluicePlugin } from "../sdk/index.js";
import { sourcePlugin } from "./source/index.js";
import { streamPlugin } from "./stream/index.js";
import { httpPlugin } from "./http/index.js";
import { selectionPlugin } from "./selection/index.js";
import { decodersPlugin } from "./decoders/index.js";
import { paginationPlugin } from "./pagination/index.js";
import { authPlugin } from "./auth/index.js";
import { customPlugin } from "./custom/index.js";
import { errorsPlugin } from "./errors/index.js";
import { transformationsPlugin } from "./transformations/index.js";
import { incrementalPlugin } from "./incremental/index.js";
import { partitionsPlugin } from "./partitions/index.js";
import { budgetPlugin } from "./budget/index.js";
import { dynamicPlugin } from "./dynamic/index.js";
import { queryPropertiesPlugin } from "./query-properties/index.js";
import { configPlugin } from "./config/index.js";

/**
 * The built-in plugins, in registration order. They are registered through the same API a host's
 * plugins use; a host plugin registered later may replace one of their types on purpose.
 */
export const builtinPlugins: readonly SluicePlugin[] = [
  sourcePlugin,
  streamPlugin,
  httpPlugin,
  selectionPlugin,
  decodersPlugin,
  paginationPlugin,
  authPlugin,
  customPlugin,
  errorsPlugin,
  transformationsPlugin,
  partitionsPlugin,
  incrementalPlugin,
  budgetPlugin,
  dynamicPlugin,
  queryPropertiesPlugin,
  configPlugin,
];
