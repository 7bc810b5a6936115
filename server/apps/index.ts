/** The apps area's face: what other areas, the routers, rest/ and app/ may use. */
export { exactOrigin, getAllowedOrigins, setAllowedOrigins } from "./allowed-origins";
export { appForDeployment, cliAppName, createApp, deleteApp, ensureCliApp, listApps, renameApp, requireApp } from "./app-service";
export { App, AppEnvVarSchema, AppSchema, appRow } from "./entities";
export { appEnvironment, deleteEnvVar, listEnvVarNames, listEnvVars, setEnvVar, toDotenv } from "./env-service";
export { allowedOriginsBody, allowedOriginsOutput, appIdInput, appListOutput, appOutput, createAppInput, deleteAppInput, envKeyInput, envVarListOutput, renameAppInput, setEnvInput, setEnvValueBody } from "./schemas";
export { appByName, appsWithVariableCounts, type AppWithVariableCount } from "./cli-apps";
