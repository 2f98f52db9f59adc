/**
 * Shapes nested in more than one place of the public types, named so that each is written out once: each with its
 * schema type (over `s`) and its TSDoc.
 */
/** A named nested shape: its schema type (over `s`), its TSDoc, and the named shape it adds members to, if any. */
export interface NestedType {
  readonly type: string;
  readonly doc: string;
  readonly extends?: string;
}

export const NESTED_TYPES: Readonly<Record<string, NestedType>> = {
  AppEntitlement: {
    type: "s.AppEntitlement",
    doc: "An app entitlement as the service answers it (spec 2.5).",
  },
  ProvisionerPolicy: {
    type: "s.ProvisionerPolicy",
    doc: "How an entitlement is provisioned or deprovisioned (spec 2.5): at most one member set.",
  },
  ManualAssignee: {
    type: "z.infer<typeof s.manualAssigneeSchema>",
    doc: "Who a manual provisioning task goes to (spec 2.5): at most one member set.",
  },
  ManualAssigneeFallback: {
    type: 'NonNullable<z.infer<typeof s.manualAssigneeSchema>["appOwners"]>',
    doc: "Whether a manual assignee may reassign the task, and who takes it when nobody else can.",
  },
  NotificationCategory: {
    type: "z.infer<typeof s.notificationCategorySchema>",
    doc: "One category of one notification channel: whether it is enabled, and whether the user may change it.",
  },
  NotificationDigest: {
    type: 'NonNullable<z.infer<typeof s.emailChannelSchema>["digest"]>',
    doc: "The digest of one notification channel: whether it is enabled, and how often it is sent.",
  },
  EmailNotificationChannel: {
    type: "z.infer<typeof s.emailChannelSchema>",
    doc: "The email channel of the notification settings: whether it is enabled, its digest and its categories.",
  },
  ChatNotificationChannel: {
    type: "z.infer<typeof s.chatChannelSchema>",
    extends: "EmailNotificationChannel",
    doc: "A chat channel of the notification settings: the email channel's members plus `isConfigured`.",
  },
  Outcome: {
    type: "s.Outcome",
    doc: "What a session policy decides (spec 2.12): at most one member set.",
  },
  AuthConfigDomainProvider: {
    type: 'NonNullable<s.AuthConfig["providerDomainA"]>',
    doc: "A provider member of an auth config chosen by domain (`providerDomainA`, `providerDomainB`), with its client.",
  },
  UserAttributeSource: {
    type: "s.UserAttributeSource",
    doc: "Where one attribute of a user comes from: the app, its user and the mapping that set it.",
  },
  RoleMiningEntitlement: {
    type: "s.RoleMiningEntitlement",
    doc: "An entitlement a role-mining suggestion names, with the display names of its app and resource.",
  },
};
