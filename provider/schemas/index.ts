/**
 * zod schemas of the Identity Governance Service wire format: primitives, per-resource response
 * shapes (loose: unknown fields kept), writable shapes and request bodies (exact).
 */
export * from "./primitives";
export * from "./duration";
export * from "./cidr";
export * from "./cidrHostBits";
export * from "./annotations";
export * from "./oneof";
export * from "./enums";
export * from "./user";
export * from "./entitlement";
export * from "./app";
export * from "./catalog";
export * from "./automation";
export * from "./authConfig";
export * from "./impactControl";
export * from "./appResource";
export * from "./scope";
export * from "./scopeWritable";
export * from "./accessReview";
export * from "./roleMining";
export * from "./settings";
export * from "./policies";
export * from "./inventory";
export * from "./notifications";
export * from "./requestParts";
export * from "./requests";
export * from "./configRequests";
export * from "./searchRequests";
