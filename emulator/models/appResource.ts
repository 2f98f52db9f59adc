import { messageModelOf } from "../model/messageModel";

/** AppResource, from `wire-schemas.json`; the service also sets the ids (the path's) and grantCount. */
export const APP_RESOURCE_MODEL = messageModelOf("AppResource", {
  id: "",
  appId: "",
  appResourceTypeId: "",
  grantCount: "",
});
