import { messageModelOf } from "../model/messageModel";

/** RequestCatalog, from `wire-schemas.json`, without the view around it. */
export const CATALOG_MODEL = messageModelOf("RequestCatalog", {
  id: "",
  accessEntitlements: "it changes only through the visibility_bindings calls",
  createdByUserId: "",
});
