"""An app of the tenant and the automation that welcomes its new users, through the idgov Python SDK."""

import pulumi
import pulumi_idgov as idgov

portal = idgov.App(
    "portal",
    display_name="Portal (Python)",
    description="Managed from Python through pulumi-resource-idgov",
    annotations={"team": "iam"},
)

# A second kind, tied to the app: a welcome email to every new user of the engineering department.
welcome = idgov.Automation(
    "portal-welcome",
    display_name="Welcome to the portal (Python)",
    app_id=portal.id,
    enabled=True,
    triggers=[{"userCreated": {"condition": 'user.department == "Engineering"'}}],
    automation_steps=[
        idgov.AutomationAutomationStepsItemArgs(
            step_name="welcome",
            send_email={
                "subject": "Welcome to the portal",
                "body": "Sign in at the portal.",
                "useSubjectUser": True,
            },
        ),
    ],
    annotations={"team": "iam"},
)

# The portal's access, onboarded the governed way by one component built by the plugin: the Payroll app with its
# owners and policies and its private request catalog.
payroll = idgov.GovernedApp(
    "payroll",
    display_name="Payroll (Python)",
    owners=["user-0001", "user-0002"],
    grant_policy_id="policy-manager-approval",
    revoke_policy_id="policy-auto-revoke",
    annotations={"team": "finance"},
    catalog_entitlements=[
        idgov.RequestCatalogAccessEntitlementsItemArgs(app_id="app-github", id="ent-github-org-member"),
    ],
)

# The tenant's session, SSO and cross-app-access settings to the company's standard, by a second component. The
# settings are one per tenant: no other resource of this program declares them. Destroy puts them back as they were.
baseline = idgov.TenantBaseline("baseline", admin_networks=["10.20.0.0/16", "2001:db8:20::/48"])

pulumi.export("portalId", portal.id)
pulumi.export("payrollAppId", payroll.app_id)
pulumi.export("payrollCatalogId", payroll.request_catalog_id)
pulumi.export("welcomeId", welcome.id)
pulumi.export("sessionLength", baseline.session_length)
