export { handleRest as handleRestRequest } from "../../rest/handler";
