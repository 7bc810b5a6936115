export { clientAddressOf } from "../../rest/client-address";
